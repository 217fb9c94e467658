import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AuditEntry } from '../../types';
import { AuditIcon } from './AuditIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const AuditList = lazy(() => import('./AuditList').then((m) => ({ default: m.AuditList })));
const AuditShow = lazy(() => import('./AuditShow').then((m) => ({ default: m.AuditShow })));

/** The audit log: every change staff made, with its reason. Read only, by design. */
const auditLog = {
  list: AuditList,
  show: AuditShow,
  icon: AuditIcon,
  recordRepresentation: (entry: AuditEntry) => `${entry.action} ${entry.entityId}`,
} satisfies Omit<ResourceProps, 'name'>;

export default auditLog;
