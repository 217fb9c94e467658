import { DataTable, List } from 'react-admin';
import { AgeField } from '../../components/fields';
import { listFilters } from '../../components/listFilters';
import { msg } from '../../i18n/keys';
import { ADJUSTMENT_STATUS_CHOICES, DifferenceField, StatusField } from './shared';

export const filters = listFilters('search', {
  source: 'status',
  choices: ADJUSTMENT_STATUS_CHOICES,
  empty: msg('consign.adjustments.any_status'),
});

/**
 * The adjustments queue: it opens on the disputed ones, waiting for staff, the one waiting
 * longest first; clear the status to see every adjustment.
 */
export function AdjustmentList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'disputed' }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      perPage={25}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="orderReference" disableSort />
        <DataTable.Col source="status">
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="difference">
          <DifferenceField />
        </DataTable.Col>
        <DataTable.Col source="createdAt" label="resources.adjustments.fields.age">
          <AgeField />
        </DataTable.Col>
        <DataTable.Col source="courierName" disableSort />
        <DataTable.Col source="customerName" disableSort />
      </DataTable>
    </List>
  );
}
