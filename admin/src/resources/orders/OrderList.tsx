import {
  DataTable,
  DateField,
  DateInput,
  List,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
} from 'react-admin';
import { ORDER_STATUS_CHOICES, PaidField } from './shared';

// The vendor dashboard's filters: status, placed from / to (UK days), free text.
export const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={ORDER_STATUS_CHOICES}
    emptyText="consign.orders.any_status"
    alwaysOn
  />,
  <DateInput key="from" source="from" label="consign.orders.from" />,
  <DateInput key="to" source="to" label="consign.orders.to" />,
];

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
        <DataTable.Col source="deliveryAddress.name" disableSort />
        <DataTable.Col source="total" label="resources.orders.fields.money.paid">
          <PaidField />
        </DataTable.Col>
        <DataTable.Col source="payment.status" disableSort />
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
