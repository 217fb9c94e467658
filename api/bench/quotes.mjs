/**
 * `pnpm bench`: quote throughput and latency beside GET /healthz, in one run.
 *
 * Builds a fresh data folder, seeds 200 active courier services (50 fit the request), starts
 * the built API (dist/main.js) pinned to CPU 0 and drives it with autocannon from a second
 * process pinned to CPU 1: 50 connections, BENCH_DURATION seconds (default 10) per target,
 * after a short warm-up. Prints a table and a JSON line, checks the goals (quote throughput at
 * least 0.25 × healthz, quote p99 at most 50 ms) and that every 201 left a stored quote with
 * all its options. Everything listens on 127.0.0.1; the server is stopped on every exit path.
 *
 *   pnpm bench                     BENCH_DURATION=5 pnpm bench      BENCH_KEEP=1 (keep the data)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const CONNECTIONS = 50;
const FITTING = 50;
const GOALS = { minRatio: 0.25, maxP99Ms: 50 };
const REQUEST = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
};
// Two warm-ups and two measured runs, plus start-up and seeding: nothing may hang longer.
const HARD_LIMIT_MS = (2 * (DURATION + WARMUP) + 90) * 1000;

const children = new Set();
let server;
let dataDir;

function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir && !process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`bench: gave up after ${HARD_LIMIT_MS / 1000} s`);
  process.exit(1);
}, HARD_LIMIT_MS).unref();

const haveTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const cpus = availableParallelism();
/** [command, args] pinned to one CPU when taskset is available. */
function pinned(cpu, args) {
  return haveTaskset
    ? ['taskset', ['-c', String(cpu % cpus), process.execPath, ...args]]
    : [process.execPath, args];
}

function runProcess(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: API_ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      children.delete(child);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stderr}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port) {
  const [command, args] = pinned(0, ['dist/main.js']);
  const child = spawn(command, args, {
    cwd: API_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      GOOGLE_MAPS_API_KEY: '',
    },
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return { child, exited, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz within 30 s:\n${output}`);
}

async function stopServer() {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000));
  if ((await Promise.race([server.exited, timeout])) === 'timeout') server.child.kill('SIGKILL');
}

async function load(target, run) {
  const options = JSON.stringify({ ...target, ...run, connections: CONNECTIONS });
  const [command, args] = pinned(1, ['bench/load.mjs', options]);
  const stdout = await runProcess(command, args);
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** A look at the server's database beside the running server (WAL lets a reader in). */
async function query(sql) {
  const db = createClient({ url: `file:${join(dataDir, 'consign.db')}` });
  try {
    return Number((await db.execute(sql)).rows[0].n);
  } finally {
    db.close();
  }
}

async function storedCounts() {
  return {
    quotes: await query('select count(*) as n from quotes'),
    // A quote whose stored options differ from its option count was not stored whole.
    incomplete: await query(
      `select count(*) as n from quotes q
         where q.option_count != (select count(*) from quote_options o where o.quote_id = q.id)`,
    ),
  };
}

/** After a timed run the server still finishes the requests autocannon abandoned; wait for it. */
async function settled() {
  let last = -1;
  for (;;) {
    const quotes = await query('select count(*) as n from quotes');
    if (quotes === last) return quotes;
    last = quotes;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const fmt = (n, digits = 0) => (typeof n === 'number' ? n.toFixed(digits) : String(n));
const pad = (s, n) => String(s).padStart(n);

async function main() {
  dataDir = mkdtempSync(join(tmpdir(), 'consign-bench-'));
  console.log(`data folder ${dataDir}`);
  if (!haveTaskset)
    console.log('taskset is not available: server and load generator are NOT pinned to separate cores');
  else if (cpus < 2) console.log(`only ${cpus} CPU: server and load generator share it`);
  else console.log('server pinned to CPU 0, autocannon to CPU 1');

  const seeded = JSON.parse(
    (await runProcess(process.execPath, ['--import', 'tsx', 'bench/seed.ts', dataDir])).trim(),
  );
  console.log(`seeded ${seeded.services} active services across ${seeded.vendors} active vendors`);

  const port = await freePort();
  server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  const targets = [
    { name: 'GET /healthz', url: `${base}/healthz`, method: 'GET' },
    {
      name: 'POST /api/v1/quotes',
      url: `${base}/api/v1/quotes`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(REQUEST),
    },
  ];

  // One quote by hand: the request must be priced by exactly the services that fit it.
  const probe = await fetch(targets[1].url, {
    method: 'POST',
    headers: targets[1].headers,
    body: targets[1].body,
  });
  const probeBody = await probe.json();
  if (probe.status !== 201 || probeBody.options?.length !== FITTING) {
    throw new Error(
      `probe quote: HTTP ${probe.status}, ${probeBody.options?.length} options (want 201, ${FITTING})`,
    );
  }

  const results = {};
  let measured201 = 0;
  let storedDuringRun = 0;
  for (const target of targets) {
    const { name, ...request } = target;
    process.stdout.write(`${name}: warm-up ${WARMUP} s… `);
    const warm = await load(request, { duration: WARMUP });
    let measured;
    if (request.method === 'POST') {
      // Quotes: a fixed number of requests, about DURATION seconds' worth at the warm-up rate,
      // so that every request is answered (a timed run abandons those in flight at the end)
      // and the quotes stored meanwhile can be counted against the 201 responses.
      const amount = Math.max(CONNECTIONS * 10, Math.round(warm.rps * DURATION));
      process.stdout.write(`${amount} requests at ${CONNECTIONS} connections… `);
      const before = await settled();
      measured = await load(request, { amount });
      storedDuringRun = (await settled()) - before;
      measured201 = measured.statusCodes['201'] ?? 0;
    } else {
      process.stdout.write(`${DURATION} s at ${CONNECTIONS} connections… `);
      measured = await load(request, { duration: DURATION });
    }
    results[name] = measured;
    console.log(`${fmt(measured.rps)} req/s`);
  }

  const stored = await storedCounts();
  await stopServer();

  const health = results['GET /healthz'];
  const quote = results['POST /api/v1/quotes'];
  const ratio = quote.rps / health.rps;
  const checks = {
    ratio: ratio >= GOALS.minRatio,
    p99: quote.p99 <= GOALS.maxP99Ms,
    stored: storedDuringRun === measured201 && stored.incomplete === 0,
    clean: quote.errors + quote.non2xx + health.errors + health.non2xx === 0,
  };

  console.log('');
  console.log(
    `${'target'.padEnd(22)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}${pad('non-2xx', 9)}`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(22)}${pad(fmt(r.rps), 10)}${pad(fmt(r.p50, 1), 9)}${pad(fmt(r.p99, 1), 9)}${pad(r.errors + r.timeouts, 8)}${pad(r.non2xx, 9)}`,
    );
  }
  console.log('');
  const mark = (ok) => (ok ? 'met' : 'NOT MET');
  console.log(
    `quote/healthz throughput: ${ratio.toFixed(3)} (goal >= ${GOALS.minRatio}) ${mark(checks.ratio)}`,
  );
  console.log(`quote p99: ${fmt(quote.p99, 1)} ms (goal <= ${GOALS.maxP99Ms} ms) ${mark(checks.p99)}`);
  console.log(
    `stored quotes during the measured run: ${storedDuringRun} for ${measured201} responses 201; ` +
      `quotes missing options: ${stored.incomplete} ${checks.stored ? 'ok' : 'MISMATCH'}`,
  );
  console.log(
    JSON.stringify({
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      pinned: haveTaskset && cpus >= 2,
      services: seeded.services,
      fittingServices: FITTING,
      healthz: health,
      quotes: quote,
      ratio: Number(ratio.toFixed(4)),
      measured201,
      storedDuringRun,
      storedQuotesTotal: stored.quotes,
      incompleteQuotes: stored.incomplete,
      goals: { ...GOALS, ratioMet: checks.ratio, p99Met: checks.p99 },
      allStored: checks.stored,
    }),
  );
  if (!checks.stored || !checks.clean) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(`\nbench failed: ${err.message}`);
    if (server) console.error(server.output().slice(-4000));
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopServer();
    process.exit();
  });
