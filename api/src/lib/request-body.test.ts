import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../context';
import { ClientGoneError, requestBody } from './request-body';

const MAX = 1024;

/** A small app behind the middleware: routes that read the body each way a route can. */
function appWithLimit() {
  const seen = { handled: 0, errors: [] as unknown[], gone: [] as boolean[] };
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    requestBody({
      maxSize: MAX,
      onError: (c) => c.json({ status: 413 }, 413, { Connection: 'close' }),
    }),
  );
  app.post('/json', async (c) => {
    seen.handled++;
    return c.json({ got: await c.req.json() });
  });
  // What a route that asks the fetch Request itself (c.req.raw) gets after the body was read.
  app.post('/raw', async (c) => {
    seen.handled++;
    return c.text(await c.req.raw.text());
  });
  app.post('/bytes', async (c) => {
    seen.handled++;
    return c.text(String((await c.req.arrayBuffer()).byteLength));
  });
  app.get('/get', (c) => c.text('ok'));
  app.onError((err, c) => {
    seen.errors.push(err);
    seen.gone.push(c.get('clientGone') === true);
    return c.text('gone', 400);
  });
  return { app, seen };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function served() {
  const { app, seen } = appWithLimit();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

/** A POST sent in pieces with no Content-Length (chunked), as a streaming client sends it. */
function chunked(base: string, path: string, pieces: string[]) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const url = new URL(path, base);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      },
    );
    // The server may answer 413 and close before every piece is written.
    req.on('error', (err) => (err.message.includes('EPIPE') ? undefined : reject(err)));
    for (const piece of pieces) req.write(piece);
    req.end();
  });
}

describe('requestBody under the Node server', () => {
  it('hands the body to c.req.json(), c.req.arrayBuffer() and c.req.raw alike', async () => {
    const { base } = await served();
    const body = JSON.stringify({ name: 'Zoë Åberg', parcels: [1, 2, 3] });
    const json = await fetch(`${base}/json`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(await json.json()).toEqual({ got: JSON.parse(body) });
    const raw = await fetch(`${base}/raw`, { method: 'POST', body });
    expect(await raw.text()).toBe(body);
    const bytes = await fetch(`${base}/bytes`, { method: 'POST', body });
    expect(await bytes.text()).toBe(String(Buffer.byteLength(body)));
    expect((await fetch(`${base}/get`)).status).toBe(200);
  });

  it('reads a chunked body within the limit, and answers 413 with Connection: close past it', async () => {
    const { base, seen } = await served();
    const within = await chunked(base, '/json', ['{"a":', '"', 'x'.repeat(MAX - 10), '"}']);
    expect(within.status).toBe(200);
    expect(JSON.parse(within.body).got.a).toHaveLength(MAX - 10);
    const over = await chunked(base, '/json', ['{"a":"', 'x'.repeat(MAX), '"}']);
    expect(over.status).toBe(413);
    expect(over.connection).toBe('close');
    expect(seen.handled).toBe(1);
  });

  it('answers a declared length over the limit 413 without running the route', async () => {
    const { base, seen } = await served();
    const res = await fetch(`${base}/json`, { method: 'POST', body: 'x'.repeat(MAX + 1) });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(seen.handled).toBe(0);
  });

  it('marks a client that hangs up mid-body as gone, and never runs the route', async () => {
    const { server, seen } = await served();
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 500\r\n\r\n{"email":');
    socket.destroy();
    await vi.waitFor(() => expect(seen.errors).toHaveLength(1), { timeout: 30_000, interval: 20 });
    expect(seen.errors[0]).toBeInstanceOf(ClientGoneError);
    expect(seen.gone).toEqual([true]);
    expect(seen.handled).toBe(0);
  });
});

describe('requestBody elsewhere (app.request, no Node request)', () => {
  it('still limits the body, through Hono’s bodyLimit', async () => {
    const { app } = appWithLimit();
    const ok = await app.request('/json', { method: 'POST', body: '{"a":1}' });
    expect(await ok.json()).toEqual({ got: { a: 1 } });
    const over = await app.request('/json', { method: 'POST', body: 'x'.repeat(MAX + 1) });
    expect(over.status).toBe(413);
  });
});
