import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { fairStart } from './fair-start';

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s (and the socket is
 * closed a second later): shorter than the idle time of the clients and proxies that reuse
 * connections (nginx's upstream keep-alive and AWS load balancers keep theirs 60 s). One that
 * sends on a connection just as the server closes it gets a reset instead of an answer, as the
 * browser suite's API client did, 6.0 s after its previous request. Longer than theirs, the
 * client always closes first. Announced in every answer (`Keep-Alive: timeout=65`).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Above the keep-alive time, so that a connection kept open is never taken for a slow request. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

type Fetch = Parameters<typeof serve>[0]['fetch'];

/**
 * The process's HTTP server: requests start in the order they arrived (lib/fair-start), and idle
 * connections stay open longer than the clients' own idle time.
 */
export function listen(
  fetch: Fetch,
  where: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = serve({ fetch: fairStart(fetch), ...where }, onListening) as Server;
  // Set before the first connection: each connection takes the values when it opens.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}

/** How often a stopping server looks for connections that have just answered their last request. */
const STOP_SWEEP_MS = 50;

/**
 * Stops taking connections and resolves once every request under way has been answered. Node
 * closes the connections that are idle when asked; one still answering would then stay open for
 * the whole keep-alive time after its answer, so the idle ones are closed again every 50 ms
 * until none is left.
 */
export function stop(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), STOP_SWEEP_MS);
    server.close((err) => {
      clearInterval(sweep);
      if (err) reject(err);
      else resolve();
    });
  });
}
