import { DataTable, DateField, FunctionField, List, SelectField } from 'react-admin';
import { listFilters } from '../../components/listFilters';
import { DAY } from '../../format';
import { formatRevenue, PARTNER_STATUS_CHOICES, type Partner } from './types';

const filters = listFilters('search', { source: 'status', choices: PARTNER_STATUS_CHOICES });

/** Partner shops with what their widgets brought in: quotes, orders and revenue. */
export function PartnerList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="status">
          <SelectField source="status" choices={PARTNER_STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="mode" disableSort />
        <DataTable.Col source="quotes" disableSort />
        <DataTable.Col source="orders" disableSort />
        <DataTable.Col source="paidOrders" label="Paid orders" disableSort />
        <DataTable.Col source="revenue" disableSort>
          <FunctionField<Partner> render={(p) => formatRevenue(p.revenue)} />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="en-GB" options={DAY} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
