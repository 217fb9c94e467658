import { DataTable, DateField, FunctionField, List, ReferenceField, SelectField } from 'react-admin';
import { FROM_DESKTOP, FROM_TABLET, WRAPS } from '../../components/listColumns';
import { listFilters } from '../../components/listFilters';
import { DAY } from '../../format';
import type { DropOffPoint } from '../../types';
import { STATUS } from './shared';

export const filters = listFilters('search', { source: 'status', choices: STATUS });

/** On a phone: the name, the postcode and the status; the courier, code and date from wider screens. */
export function DropOffList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" sx={WRAPS} />
        <DataTable.Col source="code" disableSort sx={FROM_DESKTOP} />
        <DataTable.Col source="vendorId" disableSort sx={FROM_TABLET}>
          <ReferenceField source="vendorId" reference="vendors" link="show" />
        </DataTable.Col>
        <DataTable.Col source="postcode">
          <FunctionField<DropOffPoint> render={(p) => p.address.postcode} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS} />
        </DataTable.Col>
        <DataTable.Col source="createdAt" sx={FROM_DESKTOP}>
          <DateField source="createdAt" locales="en-GB" options={DAY} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
