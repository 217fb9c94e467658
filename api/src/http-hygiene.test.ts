import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { controlCharacterErrors, jsonDepth, MAX_JSON_DEPTH } from './lib/request-hygiene';
import { ADMIN_CSP, PORTAL_CSP } from './lib/security-headers';
import { createTestApp, signUpVerified, type TestApp } from './test/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

const json = (method: string, body: string | Uint8Array, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body,
});

describe('request hygiene', () => {
  it('answers PATCH /users/me with {} or no body 422 like its siblings, not 500', async () => {
    t = await createTestApp();
    const s = await signUpVerified(t, 'empty@example.com');
    const auth = t.bearer(s.accessToken);
    for (const res of [
      await t.patch('/api/v1/users/me', {}, auth),
      await t.patch('/api/v1/users/me', undefined, auth),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.errors[0].path).toBe('(body)');
    }
  });

  it('answers a wrong method on an existing path 405 with Allow', async () => {
    t = await createTestApp();
    const res = await t.call('PUT', '/api/v1/users/me');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, PATCH');
    const withId = await t.call('DELETE', '/api/v1/orders/0190a1b2-0000-7000-8000-000000000000/cancel');
    expect(withId.status).toBe(405);
    expect(withId.headers.get('allow')).toBe('POST');
    expect((await t.call('PUT', '/api/v1/nothing-here')).status).toBe(404);
  });

  it('names the accepted media type in a 415', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=a',
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('accept-post')).toBe('application/json');
    expect(((await res.json()) as { detail: string }).detail).toContain('application/json');
  });

  it('rejects NUL and other control characters naming the field; newlines only where multi-line', async () => {
    t = await createTestApp();
    const s = await signUpVerified(t, 'ctl@example.com');
    const auth = t.bearer(s.accessToken);
    const nul = await t.patch('/api/v1/users/me', { name: 'Ann\u0000Admin' }, auth);
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual([{ path: 'name', message: 'Must not contain control characters' }]);
    const broken = await t.patch(
      '/api/v1/users/me',
      { address: { line1: 'a\nb', town: 'Bath', postcode: 'BA1 1AA', country: 'GB' } },
      auth,
    );
    expect(broken.status).toBe(422);
    expect(broken.body.errors).toEqual([{ path: 'address.line1', message: 'Must be a single line' }]);
    expect((await t.get('/api/v1/users/me', auth)).body.name).toBeNull();
    expect(
      controlCharacterErrors({ notes: 'line one\nline two', items: [{ description: 'a\r\nb' }] }),
    ).toEqual([]);
    expect(controlCharacterErrors({ items: [{ name: 'x\u001by' }] })).toEqual([
      { path: 'items.0.name', message: 'Must not contain control characters' },
    ]);
  });

  it('answers a body nested 5,000 deep with 400 naming the limit, before authentication, on every JSON route', async () => {
    t = await createTestApp();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const [method, path] of [
      ['POST', '/api/v1/auth/login'],
      ['POST', '/api/v1/quotes'],
      ['POST', '/api/v1/orders'],
      ['PATCH', '/api/v1/users/me'],
    ] as const) {
      for (const body of [deep, deepObject]) {
        const res = await t.app.request(path, json(method, body));
        expect(res.status).toBe(400);
        const problem = (await res.json()) as { code: string; detail: string };
        expect(problem.code).toBe('json_too_deep');
        expect(problem.detail).toContain(String(MAX_JSON_DEPTH));
      }
    }
    // Brackets inside strings do not count, and a body at the limit reaches the route's validator.
    expect(jsonDepth('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\""}')).toBe(1);
    const atLimit = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect((await t.app.request('/api/v1/auth/login', json('POST', atLimit))).status).toBe(422);
    // The walk itself has no recursion to exhaust.
    let nested: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) nested = [nested];
    expect(controlCharacterErrors(nested)).toHaveLength(1);
  });

  it('answers invalid UTF-8 with 400 instead of storing replacement characters', async () => {
    t = await createTestApp();
    const s = await signUpVerified(t, 'utf8@example.com');
    const bytes = new Uint8Array([...Buffer.from('{"name":"'), 0xff, 0xfe, ...Buffer.from('"}')]);
    const res = await t.app.request('/api/v1/users/me', json('PATCH', bytes, t.bearer(s.accessToken)));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_utf8');
    expect((await t.get('/api/v1/users/me', t.bearer(s.accessToken))).body.name).toBeNull();
  });

  // Issue 44: one rule before any route, for every way text comes in.
  it('refuses lone surrogates and NUL in JSON values and keys, query strings, headers, CSV text and multipart fields (422 naming each)', async () => {
    t = await createTestApp();
    const s = await signUpVerified(t, 'surrogate@example.com');
    const auth = t.bearer(s.accessToken);
    const errorsOf = async (res: Response) => {
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      return ((await res.json()) as { errors: { path: string; message: string }[] }).errors;
    };
    // JSON escapes a lone surrogate as valid JSON: the body parses, the text is not Unicode.
    const booking = await t.app.request('/api/v1/users/me', json('PATCH', '{"name":"Robin \\ud800"}', auth));
    expect(await errorsOf(booking)).toEqual([
      { path: 'name', message: 'Must be valid Unicode text: it holds a lone surrogate (\\ud800-\\udfff)' },
    ]);
    const key = await t.app.request(
      '/api/v1/users/me',
      json('PATCH', '{"address":{"li\\u0000ne1":"x"}}', auth),
    );
    expect(await errorsOf(key)).toEqual([
      { path: 'address.li\\u0000ne1', message: 'The key must not contain control characters' },
    ]);
    const surrogateKey = await t.app.request('/api/v1/users/me', json('PATCH', '{"\\udc00":"x"}', auth));
    expect((await errorsOf(surrogateKey))[0]!.path).toBe('\\udc00');
    // A CSV upload is JSON text: the same rule, naming the field.
    const csv = await t.app.request(
      '/api/v1/vendor/orders/bulk/preview',
      json('POST', JSON.stringify({ text: 'Order ID,Status or event\nAB\u0000CD,delivered' }), auth),
    );
    expect((await errorsOf(csv))[0]!.path).toBe('text');

    // Query strings: NUL, and percent-escapes that are not UTF-8 (the surrogate's own bytes).
    expect(await errorsOf(await t.app.request('/api/v1/orders?status=%00', { headers: auth }))).toEqual([
      { path: 'query.status', message: 'Must not contain control characters' },
    ]);
    expect(await errorsOf(await t.app.request('/api/v1/orders?q=Robin%ED%A0%80', { headers: auth }))).toEqual(
      [{ path: 'query.q', message: 'Must be valid UTF-8 text' }],
    );
    expect((await t.app.request('/api/v1/orders?q=Zo%C3%AB', { headers: auth })).status).toBe(200);

    // Headers the product reads: a surrogate's bytes in Idempotency-Key, sent raw.
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          Buffer.concat([
            Buffer.from(
              'POST /api/v1/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nIdempotency-Key: k',
            ),
            Buffer.from([0xed, 0xa0, 0x80]),
            Buffer.from(
              `\r\nAuthorization: ${auth.Authorization}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
            ),
          ]),
        );
      });
      let text = '';
      socket.on('data', (d) => {
        text += String(d);
      });
      socket.on('end', () => resolve(text));
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(answer).toMatch(/^HTTP\/1\.1 422/);
    expect(answer).toContain('"path":"header.idempotency-key","message":"Must be valid UTF-8 text"');

    // Multipart fields: the file's name.
    const form = new FormData();
    form.append('image', new File([new Uint8Array([0x89, 0x50])], 'logo\u0000.png', { type: 'image/png' }));
    const upload = await t.app.request('/api/v1/uploads', { method: 'POST', body: form, headers: auth });
    expect(await errorsOf(upload)).toEqual([
      { path: 'image', message: 'The file name must not contain control characters' },
    ]);
    expect((await t.get('/api/v1/users/me', auth)).body.name).toBeNull();
  });
});

describe('security headers', () => {
  it('marks API answers no-store unless the route chose a cache policy, and sends a Permissions-Policy', async () => {
    t = await createTestApp();
    const s = await signUpVerified(t, 'cache@example.com');
    const me = await t.get('/api/v1/users/me', t.bearer(s.accessToken));
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.headers.get('permissions-policy')).toContain('camera=()');
    const login = await t.post('/api/v1/auth/login', {
      email: 'cache@example.com',
      password: 'correct-horse-1',
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await t.get('/api/v1/meta')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends a Content-Security-Policy on the API reference (its own scripts only) and the test payment page', async () => {
    t = await createTestApp();
    const docs = await t.app.request('/docs/api');
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp).not.toContain('cdn.jsdelivr.net');
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    const created = await t.deps.payments.createOrder({
      reference: 'order-1',
      requestId: 'req-1',
      amount: 1200,
      currency: 'GBP',
      description: 'Test order',
      returnUrl: 'http://localhost:3000/payment?approved=1',
      cancelUrl: 'http://localhost:3000/ordercancelled',
    });
    const page = await t.app.request(new URL(created.approveUrl!).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http://localhost:3000; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});

describe('front-end pages', () => {
  it('sends the portal and admin their own Content-Security-Policy', async () => {
    const root = mkdtempSync(join(tmpdir(), 'consign-static-'));
    for (const app of ['portal', 'admin']) {
      mkdirSync(join(root, app, 'dist'), { recursive: true });
      writeFileSync(join(root, app, 'dist', 'index.html'), `<!doctype html><title>${app}</title>`);
    }
    t = await createTestApp({ STATIC_ROOT: root });
    const portal = await t.app.request('/orders');
    expect(portal.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    expect(PORTAL_CSP).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    const admin = await t.app.request('/admin/');
    expect(admin.headers.get('content-security-policy')).toBe(ADMIN_CSP);
    expect(ADMIN_CSP).toContain("frame-ancestors 'none'");
    rmSync(root, { recursive: true, force: true });
  });
});

/** Serves an app on 127.0.0.1 with a logger whose lines the test can read. */
async function served(env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp(env);
  t.deps.logger = pino({ level: 'info' }, sink);
  const app = createApp(t.deps);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return { port, lines, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('connections', () => {
  it('closes the connection after a 413 rather than announcing keep-alive and dropping it', async () => {
    const s = await served({ BODY_LIMIT_BYTES: '1024' });
    try {
      const res = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: s.port,
            method: 'POST',
            path: '/api/v1/auth/login',
            headers: {
              'Content-Type': 'application/json',
              'Content-Length': 100_000,
              Connection: 'keep-alive',
            },
          },
          (r) => {
            r.resume();
            resolve({ status: r.statusCode ?? 0, connection: r.headers.connection });
          },
        );
        req.on('error', reject);
        req.write('x'.repeat(2048));
      });
      expect(res.status).toBe(413);
      expect(res.connection).toBe('close');
    } finally {
      await s.close();
    }
  });

  it('closes the connection after an upload refused before its body is read (401 and 413)', async () => {
    const s = await served();
    const session = await signUpVerified(t!, 'uploader@example.com');
    const send = (headers: Record<string, string | number>) =>
      new Promise<{ status: number; connection: string | undefined; closed: Promise<void> }>((resolve) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: s.port,
            method: 'POST',
            path: '/api/v1/uploads',
            headers: {
              'Content-Type': 'multipart/form-data; boundary=x',
              Connection: 'keep-alive',
              ...headers,
            },
          },
          (r) => {
            r.resume();
            const closed = new Promise<void>((done) => r.socket.once('close', () => done()));
            resolve({ status: r.statusCode ?? 0, connection: r.headers.connection, closed });
          },
        );
        // The server may close before the rest of the body is written; that is the point.
        req.on('error', () => undefined);
        req.write('--x\r\n');
      });
    try {
      for (const [headers, status] of [
        [{ 'Content-Length': 1_000_000 }, 401],
        [{ 'Content-Length': 50 * 1024 * 1024, Authorization: `Bearer ${session.accessToken}` }, 413],
      ] as const) {
        const res = await send(headers);
        expect(res.status).toBe(status);
        expect(res.connection).toBe('close');
        // The server ends the connection itself: the client sees it close, not hang or reset.
        await res.closed;
      }
    } finally {
      await s.close();
    }
  });

  it('logs a client that disconnects mid-request as an abort (info), not a 500', async () => {
    const s = await served();
    try {
      const socket = connect(s.port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":',
      );
      // The headers and part of the body are on their way; hang up before the rest.
      socket.destroy();
      await vi.waitFor(
        () => expect(s.lines.some((l) => l.msg === 'request aborted by the client')).toBe(true),
        { timeout: 30_000, interval: 20 },
      );
      expect(s.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
