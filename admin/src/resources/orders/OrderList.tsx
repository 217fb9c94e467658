import { DataTable, DateField, List, ReferenceField, SelectField } from 'react-admin';
import { listFilters } from '../../components/listFilters';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import { ORDER_STATUS_CHOICES, PaidField } from './shared';

// The vendor dashboard's filters: status, placed from / to (UK days), free text.
export const filters = listFilters(
  'search',
  { source: 'status', choices: ORDER_STATUS_CHOICES, empty: msg('consign.orders.any_status') },
  { date: 'from', label: msg('consign.orders.from') },
  { date: 'to', label: msg('consign.orders.to') },
);

export function OrderList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="reference" disableSort />
        <DataTable.Col source="status">
          <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="vendor.name" disableSort />
        <DataTable.Col source="customerId" disableSort>
          <ReferenceField source="customerId" reference="users" link="show" />
        </DataTable.Col>
        <DataTable.Col source="serviceName" disableSort />
        <DataTable.Col source="recipientName" disableSort />
        <DataTable.Col source="total" label="resources.orders.fields.money.paid">
          <PaidField />
        </DataTable.Col>
        <DataTable.Col source="payment.status" disableSort />
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
