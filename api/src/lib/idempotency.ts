/**
 * Idempotency-Key for POST routes that create orders or move money (docs/architecture.md §8).
 *
 * - No header: the request runs as usual.
 * - First request with a key: a row is inserted `in_progress` (the insert on the primary key
 *   user + scope + key is the lock, so it holds across API processes), the request runs, and its
 *   final response is stored.
 * - Same key, same body, finished: the stored response is replayed (status and body), with
 *   `Idempotent-Replayed: true`.
 * - Same key, different body: 422 — the key was already used for another request.
 * - Same key while the first is still running: 409 — the client should retry in a moment.
 *
 * Not stored (the key is released so the same key may be retried): server errors (5xx), and
 * 409 / 429 answers, which describe a passing state ("in progress", "rate limited") rather than
 * the outcome of the request. Everything else (2xx, and 4xx such as 402 declined or 422 invalid)
 * is the outcome and is replayed: a new attempt needs a new key. Keys expire after 24 hours.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import type { AccessClaims } from './jwt';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A request still `in_progress` after this long belongs to a process that died mid-request; the
 * key may then be taken over. Longer than any request can run (provider calls time out sooner).
 */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Statuses that describe a passing state rather than the request's outcome: not replayed. */
const TRANSIENT_STATUSES = new Set([409, 429]);

/** For route definitions: the optional header, documented once. */
export const idempotencyHeaderSchemaDescription =
  'Optional. A unique key (1 to 255 printable characters, e.g. a UUID) per intended operation: ' +
  'a retry with the same key and body replays the first response; the same key with another body ' +
  'answers 422; a retry while the first request is still running answers 409. Keys expire after 24 hours.';

/**
 * A canonical form of a JSON body, so that key order and whitespace do not make the "same" body
 * look different. A body that is not JSON is compared byte for byte.
 */
export function canonicalBody(text: string): string {
  if (!text.trim()) return '';
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export function requestHash(bodyText: string): string {
  return createHash('sha256').update(canonicalBody(bodyText)).digest('hex');
}

type Claim =
  | { kind: 'run' }
  | { kind: 'replay'; status: number; type: string | null; body: string | null }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/**
 * Takes the key for this request, or says what to answer instead. Exported for services that
 * need idempotency outside a route (none yet) and for tests.
 */
export async function claimKey(
  db: Database,
  record: { userId: string; scope: string; key: string; requestHash: string },
  now: Date,
): Promise<Claim> {
  const where = and(
    eq(idempotencyKeys.userId, record.userId),
    eq(idempotencyKeys.scope, record.scope),
    eq(idempotencyKeys.key, record.key),
  );
  // An expired key is as good as unused; so is an in_progress one whose process died.
  await db
    .delete(idempotencyKeys)
    .where(and(where, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        where,
        eq(idempotencyKeys.status, 'in_progress'),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_STALE_MS)),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...record, status: 'in_progress', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'run' };

  const existing = await db.query.idempotencyKeys.findFirst({ where });
  // Released between our insert and this read: the other request failed. Try once more.
  if (!existing) return claimKey(db, record, now);
  if (existing.requestHash !== record.requestHash) return { kind: 'mismatch' };
  if (existing.status === 'in_progress') return { kind: 'in_progress' };
  return {
    kind: 'replay',
    status: existing.responseStatus ?? 200,
    type: existing.responseType,
    body: existing.responseBody,
  };
}

/**
 * Route middleware; put it after requireAuth (keys are per user). Route middleware runs before
 * the body is validated, so an invalid body with a key is stored like any other outcome.
 */
export const idempotent = createMiddleware<{
  Variables: { deps: { db: Database; now: () => Date }; user: AccessClaims };
}>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!KEY_PATTERN.test(key)) {
    throw AppError.validation([
      { path: IDEMPOTENCY_HEADER, message: 'Idempotency-Key must be 1 to 255 printable characters' },
    ]);
  }
  const { db } = c.get('deps');
  // Hono caches the body, so the validator after us reads the same text again.
  const bodyText = await c.req.text();
  const record = {
    userId: c.get('user').sub,
    scope: `${c.req.method} ${c.req.path}`,
    key,
    requestHash: requestHash(bodyText),
  };
  const claim = await claimKey(db, record, c.get('deps').now());
  switch (claim.kind) {
    case 'mismatch':
      throw new AppError(422, 'This Idempotency-Key was already used with a different request body', {
        code: 'idempotency_key_reused',
        errors: [{ path: IDEMPOTENCY_HEADER, message: 'Already used with a different request body' }],
      });
    case 'in_progress':
      throw new AppError(409, 'A request with this Idempotency-Key is still being processed; retry shortly', {
        code: 'idempotency_in_progress',
        headers: { 'Retry-After': '1' },
      });
    case 'replay':
      return new Response(claim.body, {
        status: claim.status,
        headers: {
          ...(claim.type ? { 'Content-Type': claim.type } : {}),
          'Idempotent-Replayed': 'true',
        },
      });
    case 'run':
      break;
  }

  const where = and(
    eq(idempotencyKeys.userId, record.userId),
    eq(idempotencyKeys.scope, record.scope),
    eq(idempotencyKeys.key, record.key),
  );
  let stored = false;
  try {
    await next();
    // Hono has already turned a thrown error into c.res (our onError), so c.res is the answer.
    const res = c.res;
    if (res.status < 500 && !TRANSIENT_STATUSES.has(res.status)) {
      const body = await res.clone().text();
      await db
        .update(idempotencyKeys)
        .set({
          status: 'done',
          responseStatus: res.status,
          responseType: res.headers.get('Content-Type'),
          responseBody: body,
        })
        .where(where);
      stored = true;
    }
  } finally {
    if (!stored) await db.delete(idempotencyKeys).where(where);
  }
});

/** Deletes expired keys; the reconciler calls it so the table does not grow for ever. */
export async function purgeExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
