import { ReferenceField, useRecordContext } from 'react-admin';
import { words } from '../../format';
import type { AuditEntry } from '../../types';

/** `{"status":"pending"}` → `status: pending`, short enough for a table cell. */
export function describeState(state: Record<string, unknown> | null): string {
  if (!state) return '—';
  return Object.entries(state)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** The console resource an audit entry's entity is shown by (none for a kind it has no page of). */
const RESOURCE_OF: Record<string, string> = {
  article: 'articles',
  contact_message: 'contact-messages',
  courier_service: 'courier-services',
  job: 'jobs',
  order: 'orders',
  partner: 'partners',
  review: 'reviews',
  user: 'users',
  vendor: 'vendors',
};

/** What an entry changed, by its name or reference and linked to its page, not by its id. */
export function EntityField() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  const resource = RESOURCE_OF[entry.entityType];
  const kind = words(entry.entityType);
  if (!resource) return <span>{`${kind} ${entry.entityId}`}</span>;
  return (
    <span>
      {kind}{' '}
      <ReferenceField
        source="entityId"
        reference={resource}
        link={resource === 'articles' ? 'edit' : 'show'}
      />
    </span>
  );
}
