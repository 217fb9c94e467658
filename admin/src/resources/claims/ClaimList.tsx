import { DataTable, List } from 'react-admin';
import { AgeField } from '../../components/fields';
import { listFilters } from '../../components/listFilters';
import { msg } from '../../i18n/keys';
import {
  AmountField,
  CLAIM_KIND_CHOICES,
  CLAIM_STATUS_CHOICES,
  DeadlineField,
  KindField,
  QUEUE_CHOICES,
  StatusField,
} from './shared';

export const filters = listFilters(
  'search',
  { source: 'awaitsStaff', choices: QUEUE_CHOICES },
  { source: 'status', choices: CLAIM_STATUS_CHOICES, empty: msg('consign.claims.any_status') },
  { source: 'kind', choices: CLAIM_KIND_CHOICES },
);

/**
 * The claims queue: it opens on the claims waiting for staff (escalated, or rejected by the
 * courier), the one waiting longest first, each with its age and the courier's deadline.
 */
export function ClaimList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ awaitsStaff: true }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      perPage={25}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="orderReference" disableSort />
        <DataTable.Col source="status">
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="kind" disableSort>
          <KindField />
        </DataTable.Col>
        <DataTable.Col source="amountClaimed">
          <AmountField />
        </DataTable.Col>
        <DataTable.Col source="createdAt" label="resources.claims.fields.age">
          <AgeField />
        </DataTable.Col>
        <DataTable.Col source="courierDeadline">
          <DeadlineField />
        </DataTable.Col>
        <DataTable.Col source="courierName" disableSort />
        <DataTable.Col source="customerName" disableSort />
      </DataTable>
    </List>
  );
}
