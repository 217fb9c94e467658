/**
 * The built product (api/dist/main.js, as `pnpm build` leaves it) started for the browser tests:
 * a fresh data folder (so the demo data and nothing else), a free port on 127.0.0.1, stopped and
 * removed again when the tests are done.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = join(REPO, 'api/dist/main.js');
/** Bounds, not waits: a start takes a few seconds, longer on a busy two-core machine. */
const READY_WITHIN_MS = 120_000;
const STOP_WITHIN_MS = 15_000;
/** What is kept of the server's output for a failed test's report. */
const LOG_KEEP_CHARS = 64 * 1024;

export type ConsignServer = {
  url: string;
  /** How much the server has written so far: a mark for `logSince`. */
  logMark: () => number;
  /** What the server wrote since `mark` (as much of it as is kept). */
  logSince: (mark: number) => string;
  stop: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`)).ok;
  } catch {
    return false;
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function startConsignServer(): Promise<ConsignServer> {
  if (!existsSync(ENTRY))
    throw new Error(`${ENTRY} is missing: build the product first (npx --yes pnpm@10 build)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'consign-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    cwd: REPO,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Earnings are released on delivery (no hold), so the payouts spec can pay a courier at once.
      PAYOUT_HOLD_DAYS: '0',
      // Every spec a worker draws signs up from 127.0.0.1; the per-address limit has its own API test.
      SIGNUP_LIMIT_PER_HOUR: '1000',
      // Hundreds of sign-ups and sign-ins a run: hashed at scrypt N=2^12, not OWASP's 2^17 (each of
      // those takes a core for about half a second). The production cost: api/src/lib/password.test.ts.
      PASSWORD_HASH_COST: 'low',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let dropped = 0;
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > LOG_KEEP_CHARS) {
      dropped += log.length - LOG_KEEP_CHARS;
      log = log.slice(-LOG_KEEP_CHARS);
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = exited(child);
  let running = true;
  void gone.then(() => {
    running = false;
  });

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await ready(url))) {
    if (!running || Date.now() > deadline) {
      await stop();
      throw new Error(
        `${running ? `the server at ${url} was not ready within ${READY_WITHIN_MS / 1000} s` : 'the server stopped'}:\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    logMark: () => dropped + log.length,
    logSince: (mark) => log.slice(Math.max(0, mark - dropped)),
    stop,
  };
}
