/**
 * One autocannon run, in its own process so that the load generator can be pinned to a
 * different core from the server (`taskset -c 1 node bench/load.mjs '<json options>'`).
 * Prints one JSON line with the figures quotes.mjs reports.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers,
  body: options.body,
  connections: options.connections ?? 50,
  // A fixed number of requests, when given, so every request sent is answered and counted
  // (a timed run abandons the requests in flight when it stops).
  ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
  // A request slower than this (seconds) is counted as a timeout (an error), not waited for.
  timeout: options.timeout ?? 10,
});

const statusCodes = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
);
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  }),
);
