import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { refreshTokens, users } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import type { USER_SORT_FIELDS, UserListQuerySchema } from './admin-users.schemas';

type UserRow = typeof users.$inferSelect;
type UserFilter = NonNullable<z.infer<typeof UserListQuerySchema>['filter']>;

function toAdminUserDto(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phone,
    role: u.role,
    emailVerified: u.emailVerified,
    disabled: u.disabled,
    googleLinked: u.googleSub !== null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

const USER_SORT = {
  createdAt: users.createdAt,
  email: users.email,
  name: sql`${users.name} COLLATE NOCASE`,
  role: users.role,
  disabled: users.disabled,
  id: users.id,
} satisfies Record<(typeof USER_SORT_FIELDS)[number], unknown>;

/** Staff views of accounts. */
export class AdminUsersService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async listUsers(list: RaList<(typeof USER_SORT_FIELDS)[number], UserFilter>) {
    const f = list.filter ?? {};
    const { rows, total } = await listPage(this.db, list, {
      rows: this.db.select().from(users).$dynamic(),
      count: this.db.select({ total: count() }).from(users).$dynamic(),
      where: [
        f.role && eq(users.role, f.role),
        f.disabled !== undefined && eq(users.disabled, f.disabled),
        idsIn(users.id, f.id),
        f.q && or(containsText(users.email, f.q), containsText(users.name, f.q)),
      ],
      sort: USER_SORT,
      tieBreaker: users.id,
      cache: { list: 'admin users', tables: ['users'], keyset: users },
    });
    return { rows: rows.map(toAdminUserDto), total };
  }

  async getUser(id: string) {
    const user = await this.db.query.users.findFirst({ where: eq(users.id, id) });
    if (!user) throw AppError.notFound('User not found');
    return toAdminUserDto(user);
  }

  /**
   * Disabling ends every sign-in at once: its refresh tokens are revoked here, and the bearer
   * check (lib/auth.ts) refuses the access tokens still in flight. Staff cannot disable
   * themselves, so the console always keeps one way in.
   */
  async setDisabled(actor: AccessClaims, id: string, disabled: boolean, reason: string) {
    if (disabled && id === actor.sub) {
      throw AppError.conflict('You cannot disable your own account', 'cannot_disable_self');
    }
    const now = this.deps.now();
    const found = await this.db.transaction(
      async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, id));
        if (!current) return null;
        if (current.disabled === disabled) return current;
        await tx.update(users).set({ disabled }).where(eq(users.id, id));
        if (disabled) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: now })
            .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
        }
        await recordAudit(
          tx,
          actor,
          {
            action: disabled ? 'user.disable' : 'user.enable',
            entityType: 'user',
            entityId: id,
            before: { disabled: current.disabled },
            after: { disabled },
            reason,
          },
          now,
        );
        return current;
      },
      { behavior: 'immediate' },
    );
    if (!found) throw AppError.notFound('User not found');
    if (found.disabled === disabled) {
      throw AppError.conflict(
        disabled ? 'The account is already disabled' : 'The account is not disabled',
        'user_status_unchanged',
      );
    }
    this.deps.logger.info({ userId: id, disabled }, 'user disabled flag changed');
    return this.getUser(id);
  }
}
