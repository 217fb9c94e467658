import type { ReactElement } from 'react';
import { Pagination, ReferenceManyField } from 'react-admin';
import { type MessageKey, useT } from '../../i18n/keys';

/**
 * Ten of the user's records of one resource, newest (or most recently used) first, paged; the
 * orders, jobs and sessions on a user's page. `label` heads it in SimpleShowLayout.
 */
export function UserRecords({
  reference,
  target = 'customerId',
  sortField = 'createdAt',
  empty,
  children,
}: {
  label: string;
  reference: string;
  target?: string;
  sortField?: string;
  empty: MessageKey;
  children: ReactElement;
}) {
  const translate = useT();
  return (
    <ReferenceManyField
      reference={reference}
      target={target}
      sort={{ field: sortField, order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10]} />}
      empty={<p style={{ margin: 0 }}>{translate(empty)}</p>}
    >
      {children}
    </ReferenceManyField>
  );
}
