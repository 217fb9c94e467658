/**
 * `node bench/compare.mjs <name>=<repo root> <name>=<repo root> ...`: the same API built from
 * two or more checkouts (a dependency patched and not, a library before and after an upgrade),
 * measured side by side on the scenarios people wait for. docs/performance.md says when to run it.
 *
 * Each checkout must have its dependencies installed and its API built (`pnpm --filter
 * @consign/api build`). One database is seeded as `pnpm bench` seeds it (bench/seed.ts) and copied
 * for each checkout; each server runs as `pnpm start` runs it, pinned to CPU 0, the load from
 * CPU 1 (bench/load.mjs). Then ROUNDS rounds: in each, every scenario runs against every server in
 * turn, the order of the servers reversed every other round, so that a host slowing down or
 * speeding up favours none. A run is COMPARE_SECONDS (default 4) after a one-second warm-up.
 *
 * Per scenario and server it prints the median over the rounds of the requests a second, the p99
 * and the server's CPU per request (its user and system time over the run, from /proc, divided by
 * the requests answered: on a machine other work shares, the figure that moves least with it),
 * and each server's median CPU per request against the first's. JSON of every run goes to
 * COMPARE_OUT when set.
 *
 *   node bench/compare.mjs plain=/tmp/consign-plain patched=..   COMPARE_ROUNDS=8 COMPARE_ORDERS=100000
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookableDay } from './days.mjs';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 6);
const SECONDS = Number(process.env.COMPARE_SECONDS ?? 4);
const ORDERS = process.env.COMPARE_ORDERS ?? '100000';
const CONNECTIONS = 50;
const START_FLAGS = JSON.parse(readFileSync(join(API_ROOT, '../package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((arg) => arg.startsWith('--'));
const TICKS_PER_SECOND = 100;

const variants = process.argv.slice(2).map((arg) => {
  const [name, root] = arg.split('=');
  if (!name || !root) throw new Error(`expected <name>=<repo root>, got ${arg}`);
  const main = join(resolve(root), 'api/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the API there first`);
  return { name, main };
});
if (variants.length < 2) throw new Error('compare at least two checkouts');

const children = new Set();
const dirs = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: API_ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => {
      children.delete(child);
      if (code === 0) resolvePromise(out);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${err}`));
    });
  });
}

const freePort = () =>
  new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePromise(port));
    });
  });

/** User plus system CPU time of a process so far, in microseconds. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

async function startServer(variant, dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ALLOW_OUTBOX_MAIL: '1',
    ALLOW_TEST_PAYMENTS: '1',
    ALLOW_INSECURE_PUBLIC_URL: '1',
    QUOTE_LIMIT_PER_MINUTE: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  for (const name of [
    'SMTP_URL',
    'PAYPAL_CLIENT_ID',
    'PAYPAL_CLIENT_SECRET',
    'DATABASE_URL',
    'STATIC_ROOT',
  ]) {
    delete env[name];
  }
  const child = spawn('taskset', ['-c', '0', process.execPath, ...START_FLAGS, variant.main], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { ...variant, base, pid: child.pid, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${variant.name} did not start`);
}

async function postJson(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function scenariosFor(server, seeded) {
  const { base } = server;
  const token = async (email) => {
    const res = await postJson(`${base}/api/v1/auth/login`, { email, password: seeded.password });
    if (res.status !== 200) throw new Error(`${server.name}: sign-in of ${email} answered ${res.status}`);
    return { authorization: `Bearer ${res.body.accessToken}` };
  };
  const [customer, vendor, admin] = [
    await token(seeded.customer),
    await token(seeded.vendor),
    await token(seeded.admin),
  ];
  const json = { 'content-type': 'application/json' };
  const quote = await postJson(`${base}/api/v1/quotes`, seeded.request);
  if (quote.status !== 201) throw new Error(`${server.name}: the probe quote answered ${quote.status}`);
  const address = (name, line1, town, county, postcode) => ({
    name,
    email: 'someone@example.com',
    phone: '+44 20 7946 0000',
    line1,
    town,
    county,
    postcode,
    country: 'GB',
  });
  const order = {
    quoteOptionId: quote.body.options[0].id,
    collectionAddress: address('Sam Sender', '1 High Street', 'London', 'Greater London', 'SW1A 1AA'),
    deliveryAddress: address('Robin Recipient', '2 Royal Mile', 'Edinburgh', 'Midlothian', 'EH1 1AA'),
    collectionDate: await bookableDay(base),
    contents: 'Books',
    contentValue: 2500,
    coverAmount: 0,
  };
  const adminList = new URLSearchParams({
    sort: JSON.stringify(['createdAt', 'DESC']),
    range: JSON.stringify([0, 24]),
    filter: '{}',
  });
  return {
    healthz: { url: `${base}/healthz` },
    quote: {
      url: `${base}/api/v1/quotes`,
      method: 'POST',
      headers: json,
      body: JSON.stringify(seeded.request),
    },
    orderCreate: {
      url: `${base}/api/v1/orders`,
      method: 'POST',
      headers: { ...json, ...customer },
      body: JSON.stringify(order),
    },
    signedInRead: { url: `${base}/api/v1/users/me`, headers: customer },
    vendorList: {
      url: `${base}/api/v1/vendor/orders?${new URLSearchParams(seeded.vendorListQuery)}`,
      headers: vendor,
    },
    adminList: { url: `${base}/api/v1/admin/orders?${adminList}`, headers: admin },
  };
}

async function load(request, seconds) {
  const options = JSON.stringify({ connections: CONNECTIONS, ...request, duration: seconds });
  const out = await run('taskset', ['-c', '1', process.execPath, 'bench/load.mjs', options]);
  return JSON.parse(out.trim().split('\n').pop());
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const seedDir = mkdtempSync(join(tmpdir(), 'consign-compare-'));
  dirs.push(seedDir);
  const seeded = JSON.parse(
    (await run(process.execPath, ['--import', 'tsx', 'bench/seed.ts', seedDir, ORDERS])).trim(),
  );
  console.log(`seeded ${seeded.vendorOrders} orders; ${ROUNDS} rounds of ${SECONDS} s runs`);
  const servers = [];
  for (const variant of variants) {
    const dataDir = mkdtempSync(join(tmpdir(), `consign-compare-${variant.name}-`));
    dirs.push(dataDir);
    cpSync(seedDir, dataDir, { recursive: true });
    const server = await startServer(variant, dataDir);
    servers.push({ ...server, scenarios: await scenariosFor(server, seeded) });
  }
  const names = Object.keys(servers[0].scenarios);
  const runs = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? servers : [...servers].reverse();
    for (const scenario of names) {
      for (const server of order) {
        const request = server.scenarios[scenario];
        await load(request, 1);
        const before = cpuMicros(server.pid);
        const result = await load(request, SECONDS);
        const cpu = cpuMicros(server.pid) - before;
        const clean = result.errors + result.timeouts + result.non2xx === 0;
        runs.push({
          round,
          scenario,
          server: server.name,
          rps: result.rps,
          p50: result.p50,
          p99: result.p99,
          cpuPerRequestUs: cpu / Math.max(result.requests, 1),
          clean,
        });
      }
    }
    console.log(`round ${round} done`);
  }
  if (process.env.COMPARE_OUT) writeFileSync(process.env.COMPARE_OUT, JSON.stringify(runs, null, 2));
  const failed = runs.filter((r) => !r.clean);
  if (failed.length) console.log(`${failed.length} runs had errors or non-2xx answers:`, failed);
  console.log('\nscenario       server        req/s    p99 ms   CPU µs/req  vs first');
  for (const scenario of names) {
    let first = null;
    for (const server of servers) {
      const mine = runs.filter((r) => r.scenario === scenario && r.server === server.name);
      const cpu = median(mine.map((r) => r.cpuPerRequestUs));
      first ??= cpu;
      console.log(
        `${scenario.padEnd(14)} ${server.name.padEnd(12)} ${median(mine.map((r) => r.rps))
          .toFixed(0)
          .padStart(7)} ` +
          `${median(mine.map((r) => r.p99))
            .toFixed(1)
            .padStart(8)} ${cpu.toFixed(0).padStart(11)}  ` +
          `${((cpu / first - 1) * 100).toFixed(1).padStart(6)} %`,
      );
    }
  }
  for (const server of servers) server.child.kill('SIGTERM');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
