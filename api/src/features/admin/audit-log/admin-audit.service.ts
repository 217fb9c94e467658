import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { auditLog } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { toWire } from '../../../lib/wire';
import type { AUDIT_SORT_FIELDS, AuditListQuerySchema } from './admin-audit.schemas';

type AuditFilter = NonNullable<z.infer<typeof AuditListQuerySchema>['filter']>;

const AUDIT_SORT = {
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  entityType: auditLog.entityType,
  actorEmail: auditLog.actorEmail,
  id: auditLog.id,
} satisfies Record<(typeof AUDIT_SORT_FIELDS)[number], unknown>;

/** The audit trail of staff changes, read only. */
export class AdminAuditService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof AUDIT_SORT_FIELDS)[number], AuditFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(auditLog).$dynamic(),
      count: db.select({ total: count() }).from(auditLog).$dynamic(),
      where: [
        f.action && eq(auditLog.action, f.action),
        f.entityType && eq(auditLog.entityType, f.entityType),
        f.entityId && eq(auditLog.entityId, f.entityId),
        idsIn(auditLog.id, f.id),
      ],
      sort: AUDIT_SORT,
      tieBreaker: auditLog.id,
      cache: { list: 'admin audit log', tables: ['audit_log'], keyset: auditLog },
    });
    return { rows: rows.map(toWire), total };
  }

  async get(id: string) {
    const row = await this.deps.db.query.auditLog.findFirst({ where: eq(auditLog.id, id) });
    if (!row) throw AppError.notFound('Audit entry not found');
    return toWire(row);
  }
}
