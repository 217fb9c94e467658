import { adminGet, adminList } from '../admin.resource';
import { AuditEntrySchema, AuditListQuerySchema } from './admin-audit.schemas';
import { AdminAuditService } from './admin-audit.service';

const _tags = ['Admin'];

export const listAudit = adminList({
  resource: 'audit-log',
  operationId: 'adminListAuditLog',
  summary: 'The audit log of staff changes, newest first by default (read only)',
  description: 'One page of audit entries',
  query: AuditListQuerySchema,
  item: AuditEntrySchema,
  read: (deps, list) => new AdminAuditService(deps).list(list),
});

export const getAudit = adminGet({
  resource: 'audit-log',
  operationId: 'adminGetAuditEntry',
  summary: 'One audit entry',
  description: 'The entry',
  item: AuditEntrySchema,
  read: (deps, id) => new AdminAuditService(deps).get(id),
});
