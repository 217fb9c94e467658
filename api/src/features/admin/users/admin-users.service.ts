import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { auditLog, refreshTokens, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import type { RaList } from '../../lib/ra-list';
import { containsText } from '../../lib/sql';
import type {
  AUDIT_SORT_FIELDS,
  AuditListQuerySchema,
  USER_SORT_FIELDS,
  UserListQuerySchema,
} from './admin-users.schemas';
import { recordAudit, toAuditDto } from './audit';

type UserRow = typeof users.$inferSelect;
type UserFilter = NonNullable<z.infer<typeof UserListQuerySchema>['filter']>;
type AuditFilter = NonNullable<z.infer<typeof AuditListQuerySchema>['filter']>;

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

const AUDIT_SORT = {
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  entityType: auditLog.entityType,
  actorEmail: auditLog.actorEmail,
  id: auditLog.id,
} satisfies Record<(typeof AUDIT_SORT_FIELDS)[number], unknown>;

const idsOf = (id: string | string[]) => (Array.isArray(id) ? id : [id]);

/** Staff views of accounts and of the audit trail. */
export class AdminUsersService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async listUsers(list: RaList<(typeof USER_SORT_FIELDS)[number], UserFilter>) {
    const f = list.filter ?? {};
    const conditions: SQL[] = [];
    if (f.role) conditions.push(eq(users.role, f.role));
    if (f.disabled !== undefined) conditions.push(eq(users.disabled, f.disabled));
    if (f.id !== undefined) conditions.push(inArray(users.id, idsOf(f.id)));
    if (f.q) conditions.push(or(containsText(users.email, f.q), containsText(users.name, f.q))!);
    const where = conditions.length ? and(...conditions) : undefined;
    const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
    const direction = sort.order === 'desc' ? desc : asc;
    const [rows, totals] = await this.db.batch([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(direction(USER_SORT[sort.field]), direction(users.id))
        .limit(list.limit)
        .offset(list.offset),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows: rows.map(toAdminUserDto), total: totals[0]?.total ?? 0 };
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

  async listAudit(list: RaList<(typeof AUDIT_SORT_FIELDS)[number], AuditFilter>) {
    const f = list.filter ?? {};
    const conditions: SQL[] = [];
    if (f.action) conditions.push(eq(auditLog.action, f.action));
    if (f.entityType) conditions.push(eq(auditLog.entityType, f.entityType));
    if (f.entityId) conditions.push(eq(auditLog.entityId, f.entityId));
    if (f.id !== undefined) conditions.push(inArray(auditLog.id, idsOf(f.id)));
    const where = conditions.length ? and(...conditions) : undefined;
    const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
    const direction = sort.order === 'desc' ? desc : asc;
    const [rows, totals] = await this.db.batch([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(direction(AUDIT_SORT[sort.field]), direction(auditLog.id))
        .limit(list.limit)
        .offset(list.offset),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows: rows.map(toAuditDto), total: totals[0]?.total ?? 0 };
  }

  async getAudit(id: string) {
    const row = await this.db.query.auditLog.findFirst({ where: eq(auditLog.id, id) });
    if (!row) throw AppError.notFound('Audit entry not found');
    return toAuditDto(row);
  }
}
