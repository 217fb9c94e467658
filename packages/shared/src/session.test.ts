import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshClient, NO_ANSWER, REFRESH_URL, RefreshUnavailableError } from './session';

type Seen = { method: string; url: string; body: string; contentType: string | undefined };

// A real HTTP server standing in for the API's refresh route: each test says how it answers.
let server: Server;
let base: string;
let seen: Seen[];
let answer: (res: ServerResponse) => void;

beforeEach(async () => {
  seen = [];
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body,
      contentType: req.headers['content-type'],
    });
    answer(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.close();
  await once(server, 'close');
});

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' });
  res.end(JSON.stringify(body));
};

const client = () =>
  createRefreshClient<{ accessToken: string }, string>({
    url: `${base}${REFRESH_URL}`,
    settle: (session) => session?.accessToken ?? 'none',
  });

describe('the session refresh client', () => {
  it('posts an empty JSON body to the refresh route and settles the session', async () => {
    answer = json(200, { accessToken: 'access-1' });
    await expect(client().refresh()).resolves.toBe('access-1');
    expect(seen).toEqual([
      { method: 'POST', url: '/api/v1/auth/refresh', body: '{}', contentType: 'application/json' },
    ]);
  });

  it('settles no session on 204 (no cookie) and on a 4xx (expired, revoked, reused)', async () => {
    answer = (res) => res.writeHead(204).end();
    await expect(client().refresh()).resolves.toBe('none');
    answer = json(401, { title: 'Unauthorized', status: 401 });
    await expect(client().refresh()).resolves.toBe('none');
    answer = json(400, { title: 'Bad request', status: 400 });
    await expect(client().refresh()).resolves.toBe('none');
  });

  it('rejects, settling nothing, when the API fails (5xx) so a blip signs nobody out', async () => {
    answer = json(503, { title: 'Unavailable', status: 503, detail: 'Down for a moment' });
    const error = await client()
      .refresh()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefreshUnavailableError);
    expect(error).toMatchObject({ status: 503, body: { detail: 'Down for a moment' } });
  });

  it('rejects with status 0 when nothing answers', async () => {
    answer = json(200, {});
    const refresher = client();
    server.close();
    await once(server, 'close');
    await expect(refresher.refresh()).rejects.toMatchObject({
      name: 'RefreshUnavailableError',
      status: NO_ANSWER,
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });

  it('shares one request between concurrent callers, then starts a new one', async () => {
    answer = json(200, { accessToken: 'access-1' });
    const refresher = client();
    const first = refresher.refresh();
    expect(refresher.pending()).toBe(first);
    expect(refresher.refresh()).toBe(first);
    await first;
    expect(seen).toHaveLength(1);
    expect(refresher.pending()).toBeNull();
    await refresher.refresh();
    expect(seen).toHaveLength(2);
  });

  it('refreshes without the lock in a document the browser refuses locks to (a cross-site frame)', async () => {
    answer = (res) => res.writeHead(204).end();
    const request = vi.fn(async () => {
      throw new DOMException('Access denied', 'SecurityError');
    });
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      await expect(client().refresh()).resolves.toBe('none');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(request).toHaveBeenCalledOnce();
    expect(seen).toHaveLength(1);
  });
});
