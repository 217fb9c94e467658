import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { idempotencyKeys, users } from '../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../test/harness';
import { requireAuth } from './auth';
import { AppError, problemResponse, toProblem } from './errors';
import {
  canonicalBody,
  IDEMPOTENCY_STALE_MS,
  IDEMPOTENCY_TTL_MS,
  idempotent,
  requestHash,
} from './idempotency';

/**
 * A tiny app around the middleware with a handler the test controls: it counts runs, answers
 * what the body asks, and can be held open to make "still in progress" deterministic.
 */
function harness(t: TestApp) {
  let runs = 0;
  let gate: Promise<void> | null = null;
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', t.deps);
    await next();
  });
  app.post('/things/:id', requireAuth, idempotent, async (c) => {
    runs++;
    const body = (await c.req.json()) as { status?: number; crash?: boolean; value?: unknown };
    if (gate) await gate;
    if (body.crash) throw new Error('boom');
    if (body.status && body.status >= 400)
      throw new AppError(body.status as 409, `failed with ${body.status}`);
    return c.json({ run: runs, value: body.value ?? null }, (body.status ?? 201) as 201);
  });
  app.onError((err, c) => {
    const { status, body, headers } = toProblem(err);
    return problemResponse(c, status, body, headers);
  });
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    post,
    runs: () => runs,
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
  };
}

let t: TestApp;
let auth: Record<string, string>;
let other: Record<string, string>;
let now: Date;

beforeEach(async () => {
  t = await createTestApp();
  now = new Date('2026-03-10T10:00:00Z');
  t.deps.now = () => now;
  auth = t.bearer((await signUpVerified(t, 'idem@example.com')).accessToken);
  other = t.bearer((await signUpVerified(t, 'idem2@example.com')).accessToken);
});
afterEach(() => t.close());

describe('Idempotency-Key', () => {
  it('runs every request without a key', async () => {
    const h = harness(t);
    await h.post('/things/1', { value: 1 }, auth);
    await h.post('/things/1', { value: 1 }, auth);
    expect(h.runs()).toBe(2);
  });

  it('replays the stored status and body for the same key and body, once per user and route', async () => {
    const h = harness(t);
    const first = await h.post('/things/1', { value: 'a' }, { ...auth, 'Idempotency-Key': 'k-1' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ run: 1, value: 'a' });
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();

    // Same body with other key order and spacing is the same request.
    const again = await h.post('/things/1', '{ "value" : "a" }', { ...auth, 'Idempotency-Key': 'k-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ run: 1, value: 'a' });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(h.runs()).toBe(1);

    // The key is scoped: another user, or another route, runs afresh.
    expect((await h.post('/things/1', { value: 'a' }, { ...other, 'Idempotency-Key': 'k-1' })).body.run).toBe(
      2,
    );
    expect((await h.post('/things/2', { value: 'a' }, { ...auth, 'Idempotency-Key': 'k-1' })).body.run).toBe(
      3,
    );
  });

  it('answers 422 when the same key comes with a different body', async () => {
    const h = harness(t);
    await h.post('/things/1', { value: 'a' }, { ...auth, 'Idempotency-Key': 'k-2' });
    const res = await h.post('/things/1', { value: 'b' }, { ...auth, 'Idempotency-Key': 'k-2' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'idempotency_key_reused',
      errors: [{ path: 'Idempotency-Key', message: 'Already used with a different request body' }],
    });
    expect(h.runs()).toBe(1);
  });

  it('answers 409 to a duplicate while the first is still running, then replays its result', async () => {
    const h = harness(t);
    const release = h.hold();
    const first = h.post('/things/1', { value: 'slow' }, { ...auth, 'Idempotency-Key': 'k-3' });
    // Wait until the first request is inside the handler.
    while (h.runs() === 0) await new Promise((r) => setTimeout(r, 5));
    const duplicate = await h.post('/things/1', { value: 'slow' }, { ...auth, 'Idempotency-Key': 'k-3' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('idempotency_in_progress');
    expect(duplicate.headers.get('Retry-After')).toBe('1');
    release();
    expect((await first).status).toBe(201);
    const replay = await h.post('/things/1', { value: 'slow' }, { ...auth, 'Idempotency-Key': 'k-3' });
    expect(replay.body).toEqual({ run: 1, value: 'slow' });
    expect(h.runs()).toBe(1);
  });

  it('lets many simultaneous duplicates run the handler once', async () => {
    const h = harness(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.post('/things/9', { value: 'x' }, { ...auth, 'Idempotency-Key': 'k-many' }),
      ),
    );
    expect(h.runs()).toBe(1);
    for (const r of results) {
      if (r.status === 201) expect(r.body).toEqual({ run: 1, value: 'x' });
      else expect(r.status).toBe(409);
    }
  });

  it('stores client errors as outcomes, but releases the key after a server error or a conflict', async () => {
    const h = harness(t);
    const declined = await h.post('/things/1', { status: 402 }, { ...auth, 'Idempotency-Key': 'k-4' });
    expect(declined.status).toBe(402);
    const replayed = await h.post('/things/1', { status: 402 }, { ...auth, 'Idempotency-Key': 'k-4' });
    expect(replayed.status).toBe(402);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(h.runs()).toBe(1);

    expect((await h.post('/things/1', { crash: true }, { ...auth, 'Idempotency-Key': 'k-5' })).status).toBe(
      500,
    );
    expect((await h.post('/things/1', { crash: true }, { ...auth, 'Idempotency-Key': 'k-5' })).status).toBe(
      500,
    );
    expect(h.runs()).toBe(3);

    expect((await h.post('/things/1', { status: 409 }, { ...auth, 'Idempotency-Key': 'k-6' })).status).toBe(
      409,
    );
    expect((await h.post('/things/1', { status: 409 }, { ...auth, 'Idempotency-Key': 'k-6' })).status).toBe(
      409,
    );
    expect(h.runs()).toBe(5);
  });

  it('forgets keys after 24 hours, and takes over a key whose request died mid-way', async () => {
    const h = harness(t);
    await h.post('/things/1', { value: 'a' }, { ...auth, 'Idempotency-Key': 'k-7' });
    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1000);
    // After expiry even another body is accepted: the key is new again.
    expect((await h.post('/things/1', { value: 'b' }, { ...auth, 'Idempotency-Key': 'k-7' })).body).toEqual({
      run: 2,
      value: 'b',
    });

    // A process that died mid-request leaves its key in progress: 409 until the stale limit passes,
    // then the key is taken over and the request runs.
    const userId = (await t.deps.db.query.users.findFirst({ where: eq(users.email, 'idem@example.com') }))!
      .id;
    await t.deps.db.insert(idempotencyKeys).values({
      userId,
      scope: 'POST /things/1',
      key: 'k-8',
      requestHash: requestHash(JSON.stringify({ value: 'c' })),
      status: 'in_progress',
      createdAt: now,
    });
    expect((await h.post('/things/1', { value: 'c' }, { ...auth, 'Idempotency-Key': 'k-8' })).status).toBe(
      409,
    );
    expect(h.runs()).toBe(2);
    now = new Date(now.getTime() + IDEMPOTENCY_STALE_MS + 1000);
    const takeover = await h.post('/things/1', { value: 'c' }, { ...auth, 'Idempotency-Key': 'k-8' });
    expect(takeover.status).toBe(201);
    expect(h.runs()).toBe(3);
  });

  it('rejects a malformed key with 422 naming the header', async () => {
    const h = harness(t);
    const res = await h.post('/things/1', { value: 1 }, { ...auth, 'Idempotency-Key': 'x'.repeat(256) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 printable characters' },
    ]);
    expect(h.runs()).toBe(0);
  });

  it('canonicalises JSON bodies', () => {
    expect(canonicalBody('{"b":1,"a":[{"y":2,"x":1}]}')).toBe(
      canonicalBody('{ "a": [ { "x": 1, "y": 2 } ], "b": 1 }'),
    );
    expect(canonicalBody('{"a":1}')).not.toBe(canonicalBody('{"a":2}'));
    expect(canonicalBody('not json')).toBe('not json');
  });
});
