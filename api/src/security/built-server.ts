/**
 * The built server (api/dist/main.js as `pnpm build` makes it), bundled here with esbuild into a
 * cache folder under api/node_modules so its packages resolve, and started as its own process.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../scripts/server-bundle.mjs';

const apiDir = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles src/main.ts exactly as the package's build script does; returns the entry file. */
export async function buildServer(): Promise<{ entry: string; remove: () => void }> {
  const outDir = join(apiDir, 'node_modules', '.cache', `consign-security-${process.pid}-${Date.now()}`);
  mkdirSync(outDir, { recursive: true });
  await build({ ...serverBundleOptions(join(outDir, 'main.js')), logLevel: 'silent' });
  cpSync(join(apiDir, 'src/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  return { entry: join(outDir, 'main.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export type Started = {
  base: string;
  /** Its data folder (DATA_DIR): the database file is `consign.db` there. */
  dataDir: string;
  stdout: () => string;
  stderr: () => string;
  /** False once the process has exited, by itself or stopped. */
  alive: () => boolean;
  /** Stops it; `keep` leaves its folders for `startServer(…, restart)`. */
  stop: (options?: { keep?: boolean }) => Promise<void>;
  folders: Folders;
};

type Folders = { dir: string; data: string; staticRoot: string };

/** A data folder and a static root holding a stand-in portal page, so its routes exist. */
function folders(): Folders {
  const dir = mkdtempSync(join(tmpdir(), 'consign-prod-'));
  const portal = join(dir, 'static', 'portal', 'dist');
  mkdirSync(portal, { recursive: true });
  writeFileSync(join(portal, 'index.html'), '<!doctype html><title>Consign</title><div id="root"></div>');
  return { dir, data: join(dir, 'data'), staticRoot: join(dir, 'static') };
}

function launch(entry: string, env: Record<string, string>, reuse?: Folders) {
  const f = reuse ?? folders();
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: f.data,
      STATIC_ROOT: f.staticRoot,
      // Required in production (links in mail and payment returns); tests that need it unset say so.
      PUBLIC_URL: 'https://consign.example',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += String(d);
  });
  child.stderr!.on('data', (d) => {
    err += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, f, exited, stdout: () => out, stderr: () => err };
}

/** Runs the server expecting it to refuse to start; answers its exit code and error output. */
export async function refusedStart(entry: string, env: Record<string, string>) {
  const run = launch(entry, env);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 60_000);
  const code = await run.exited;
  clearTimeout(timer);
  rmSync(run.f.dir, { recursive: true, force: true });
  return { code, stderr: run.stderr(), stdout: run.stdout() };
}

/**
 * Starts the server and waits (generously) until it says where it listens. `restart` starts it
 * again on the folders of a server stopped with `stop({ keep: true })`.
 */
export async function startServer(
  entry: string,
  env: Record<string, string>,
  restart?: Started,
): Promise<Started> {
  const run = launch(entry, env, restart?.folders);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within 90 s:\n${run.stdout()}\n${run.stderr()}`)),
      90_000,
    );
    const look = () => {
      const match = run.stdout().match(/"port":(\d+)[^\n]*Consign is listening/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    run.child.stdout!.on('data', look);
    run.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${run.stdout()}\n${run.stderr()}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    dataDir: run.f.data,
    folders: run.f,
    stdout: run.stdout,
    stderr: run.stderr,
    alive: () => run.child.exitCode === null && run.child.signalCode === null,
    stop: async ({ keep = false } = {}) => {
      if (run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGTERM');
        const timer = setTimeout(() => run.child.kill('SIGKILL'), 15_000);
        await run.exited;
        clearTimeout(timer);
      }
      if (!keep) rmSync(run.f.dir, { recursive: true, force: true });
    },
  };
}

export async function get(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: res.status, headers: res.headers, body };
}
