import { type ChildProcess, spawn } from 'node:child_process';
import { buildServer } from '../security/built-server';
import type { FakePayPal } from './fake-paypal/server';
import type { TestApp } from './harness';

export type ApiProcess = {
  url: string;
  /** Settles with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves once the process has written a line containing `text` (it logs at info). */
  logged: (text: string) => Promise<void>;
  /** Sends SIGTERM and resolves once the process has exited. */
  stop: () => Promise<void>;
};

let bundled: Promise<string> | undefined;

/**
 * src/main.ts bundled as the build does, once per test worker: each process then starts in about
 * a second, where `tsx` compiled the whole app again for every one (docs/performance.md).
 */
function serverEntry(): Promise<string> {
  bundled ??= buildServer().then(({ entry, remove }) => {
    process.once('exit', remove);
    return entry;
  });
  return bundled;
}

/**
 * A second API process: the real entry point (src/main.ts, bundled) in a child process, on the same
 * database file and PayPal configuration as the test's app (TEST MODE payments without one), on a
 * free port; `env` adds to it (CONSIGN_CRASH_POINT makes it kill itself at that point:
 * lib/crash-point.ts).
 */
export async function startApiProcess(
  app: TestApp,
  paypal: FakePayPal | null,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const child: ChildProcess = spawn(process.execPath, [await serverEntry()], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: app.dir,
      JWT_SECRET: app.deps.config.jwtSecret,
      PUBLIC_URL: app.deps.config.publicUrl,
      STATIC_ROOT: app.deps.config.staticRoot,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      ...(paypal
        ? {
            PAYPAL_CLIENT_ID: paypal.clientId,
            PAYPAL_CLIENT_SECRET: paypal.clientSecret,
            PAYPAL_API_BASE: paypal.url,
            PAYPAL_WEBHOOK_ID: paypal.webhookId,
          }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting = new Set<{ text: string; resolve: () => void }>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const waiter of waiting) {
        if (!output.includes(waiter.text)) continue;
        waiting.delete(waiter);
        waiter.resolve();
      }
      for (const line of output.split('\n')) {
        if (!line.includes('listening')) continue;
        try {
          const entry = JSON.parse(line) as { port?: number };
          if (entry.port) {
            clearTimeout(timer);
            resolve(entry.port);
          }
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    exited,
    logged: (text) =>
      new Promise<void>((resolve) => {
        if (output.includes(text)) resolve();
        else waiting.add({ text, resolve });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
