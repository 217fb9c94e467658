import { and, countDistinct, eq, isNull, max, min, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { refreshTokens } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import type { SESSION_SORT_FIELDS, SessionListQuerySchema } from './admin-sessions.schemas';

type SessionFilter = NonNullable<z.infer<typeof SessionListQuerySchema>['filter']>;

/**
 * A session is a refresh-token family: each refresh rotates the token and adds a row, so the
 * family's first row is the sign-in, its latest the last use, and its latest expiry the end.
 * Sign-out, staff and reuse detection revoke every live row of the family at once.
 */
const started = min(refreshTokens.createdAt);
const lastUsed = max(refreshTokens.createdAt);
const expires = max(refreshTokens.expiresAt);
const revoked = max(refreshTokens.revokedAt);
// A family is live while one of its rows is unrevoked (the check lib/auth.ts makes on every call).
const liveRows = sql<number>`sum(case when ${refreshTokens.revokedAt} is null then 1 else 0 end)`;

const SORT = {
  lastUsedAt: lastUsed,
  createdAt: started,
  expiresAt: expires,
  id: refreshTokens.familyId,
} satisfies Record<(typeof SESSION_SORT_FIELDS)[number], unknown>;

type SessionRow = {
  id: string;
  userId: string;
  createdAt: Date | null;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  liveRows: number;
};

const iso = (d: Date | number | null) => new Date(d ?? 0).toISOString();

export class AdminSessionsService {
  constructor(private readonly deps: AppDeps) {}

  private select() {
    return this.deps.db
      .select({
        id: refreshTokens.familyId,
        userId: refreshTokens.userId,
        createdAt: started,
        lastUsedAt: lastUsed,
        expiresAt: expires,
        revokedAt: revoked,
        liveRows,
      })
      .from(refreshTokens)
      .groupBy(refreshTokens.familyId, refreshTokens.userId)
      .$dynamic();
  }

  private toDto(row: SessionRow) {
    const revokedAt = row.liveRows > 0 ? null : iso(row.revokedAt);
    return {
      id: row.id,
      userId: row.userId,
      createdAt: iso(row.createdAt),
      lastUsedAt: iso(row.lastUsedAt),
      expiresAt: iso(row.expiresAt),
      revokedAt,
      active: revokedAt === null && new Date(row.expiresAt ?? 0) > this.deps.now(),
    };
  }

  async list(list: RaList<(typeof SESSION_SORT_FIELDS)[number], SessionFilter>) {
    const f = list.filter ?? {};
    const { rows, total } = await listPage(this.deps.db, list, {
      rows: this.select(),
      count: this.deps.db
        .select({ total: countDistinct(refreshTokens.familyId) })
        .from(refreshTokens)
        .$dynamic(),
      where: [f.userId && eq(refreshTokens.userId, f.userId), idsIn(refreshTokens.familyId, f.id)],
      sort: SORT,
      tieBreaker: refreshTokens.familyId,
      defaultSort: { field: 'lastUsedAt', order: 'desc' },
    });
    return { rows: rows.map((r) => this.toDto(r)), total };
  }

  async get(id: string) {
    const [row] = await this.select().where(eq(refreshTokens.familyId, id));
    if (!row) throw AppError.notFound('Session not found');
    return this.toDto(row);
  }

  /** Ends the session now: lib/auth.ts refuses its access tokens once no row of the family is live. */
  async revoke(actor: AccessClaims, id: string, reason: string) {
    const now = this.deps.now();
    const session = await this.get(id);
    if (!session.active) {
      throw AppError.conflict('The session has already ended', 'session_ended');
    }
    await this.deps.db.transaction(
      async (tx) => {
        const ended = await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, id), isNull(refreshTokens.revokedAt)))
          .returning({ id: refreshTokens.id });
        // Signed out (or revoked by someone else) since it was read: nothing to audit.
        if (ended.length === 0) throw AppError.conflict('The session has already ended', 'session_ended');
        await recordAudit(
          tx,
          actor,
          {
            action: 'user.session.revoke',
            entityType: 'user',
            entityId: session.userId,
            before: { session: id, active: true },
            after: { session: id, active: false },
            reason,
          },
          now,
        );
      },
      { behavior: 'immediate' },
    );
    this.deps.logger.info({ userId: session.userId }, 'staff revoked a session');
    return this.get(id);
  }
}
