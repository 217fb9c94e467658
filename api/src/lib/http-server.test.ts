import { Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, listen, stop } from './http-server';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function start(fetch: (req: Request) => Response | Promise<Response>): Promise<number> {
  return new Promise((resolve) => {
    server = listen(fetch, { port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
}

/** One GET through `agent`: its status, its Keep-Alive header and whether it reused a connection. */
function fetchWith(agent: Agent, port: number, path: string) {
  return new Promise<{ status: number; keepAlive: string | undefined; reused: boolean; body: string }>(
    (resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            keepAlive: res.headers['keep-alive'] as string | undefined,
            reused: req.reusedSocket,
            body,
          }),
        );
      });
      req.on('error', reject);
    },
  );
}

describe('listen', () => {
  it('keeps an idle connection longer than the clients it serves, and says so', async () => {
    const port = await start((req) => new Response(new URL(req.url).pathname));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await fetchWith(agent, port, '/one');
      const second = await fetchWith(agent, port, '/two');
      expect(first).toMatchObject({ status: 200, body: '/one', reused: false });
      // Node's default would say timeout=5 and close the connection 6 s after an answer.
      expect(first.keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(second).toMatchObject({ status: 200, body: '/two', reused: true });
      expect(server?.keepAliveTimeout).toBe(65_000);
      expect(server?.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
    } finally {
      agent.destroy();
    }
  });
});

describe('stop', () => {
  it('lets a request under way finish, then closes its connection without waiting out the keep-alive', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const port = await start(async () => {
      arrived();
      await released;
      return new Response('finished');
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = fetchWith(agent, port, '/slow');
      await inFlight;
      const stopped = stop(server as Server);
      release();
      // The answer arrives whole; stop() then resolves at once rather than 65 s later (the test's
      // own timeout would fail first).
      expect(await answer).toMatchObject({ status: 200, body: 'finished' });
      await stopped;
      expect(server?.listening).toBe(false);
      server = undefined;
    } finally {
      agent.destroy();
    }
  });
});
