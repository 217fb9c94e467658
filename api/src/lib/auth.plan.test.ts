/**
 * The per-request account check (verifyLive) reads one covering index entry of refresh_tokens,
 * however many sign-ins and refreshes the account has had (issue 22).
 */
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { refreshTokens, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

it('checks the session with one probe of the (family, user, revoked) index, not a walk of the user’s tokens', async () => {
  const { db } = t.deps;
  // The query verifyLive runs, built the same way.
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, 'u'),
        eq(users.disabled, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, 'f'),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    )
    .limit(1)
    .toSQL();
  const plan = await db.$client.execute({
    sql: `EXPLAIN QUERY PLAN ${query.sql}`,
    args: query.params as never,
  });
  const details = plan.rows.map((r) => String(r.detail));
  expect(details).toContainEqual(
    expect.stringMatching(
      /refresh_tokens USING COVERING INDEX refresh_tokens_family_user_idx \(family_id=\? AND user_id=\? AND revoked_at=\?\)/,
    ),
  );
});
