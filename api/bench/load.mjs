/**
 * One autocannon run, in its own process so that the load generator can be pinned to a
 * different core from the server (`taskset -c 1 node bench/load.mjs '<json options>'`).
 * Prints one JSON line with the figures quotes.mjs reports.
 *
 * `settle` (seconds of a timed run, or responses of a counted one) is sent on the same
 * connections before the measured part and left out of its rate and latencies. Opening 50
 * connections at once to a saturated server makes the last of them wait seconds in the listen
 * queue (Node accepts a few, then one per turn of a busy event loop); keep-alive clients behind
 * a proxy open theirs once, so the figures are of connections already open.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const settle = options.settle ?? 0;
const counted = options.amount !== undefined;

let measuring = settle === 0;
let measuredFrom = performance.now();
let answered = 0;
const latencies = [];
const startMeasuring = () => {
  measuring = true;
  measuredFrom = performance.now();
};

const instance = autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers,
  body: options.body,
  connections: options.connections ?? 50,
  // A fixed number of requests, when given, so every request sent is answered and counted
  // (a timed run abandons the requests in flight when it stops).
  ...(counted ? { amount: options.amount + settle } : { duration: (options.duration ?? 10) + settle }),
  // A request slower than this (seconds) is counted as a timeout (an error), not waited for.
  timeout: options.timeout ?? 10,
});
if (settle > 0 && !counted) setTimeout(startMeasuring, settle * 1000);
instance.on('response', (_client, _status, _bytes, responseTime) => {
  answered++;
  if (measuring) latencies.push(responseTime);
  else if (counted && answered >= settle) startMeasuring();
});
const result = await new Promise((resolve, reject) => instance.on('done', resolve).on('error', reject));
const seconds = (performance.now() - measuredFrom) / 1000;

latencies.sort((a, b) => a - b);
const percentile = (p) =>
  latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]
    : 0;
const statusCodes = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
);
console.log(
  JSON.stringify({
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(50),
    p90: percentile(90),
    p99: percentile(99),
    max: latencies.at(-1) ?? 0,
    // Of the whole run, settling included: a failure there is a failure.
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  }),
);
