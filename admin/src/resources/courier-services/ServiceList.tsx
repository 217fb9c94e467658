import { DataTable, DateField, FunctionField, List, ReferenceField, SelectField } from 'react-admin';
import { listFilters } from '../../components/listFilters';
import { DAY, route } from '../../format';
import type { CourierService } from '../../types';
import { SERVICE_TYPE_CHOICES, STATUS } from './shared';

export const filters = listFilters('search', { source: 'status', choices: STATUS });

export function ServiceList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="vendorId" disableSort>
          <ReferenceField source="vendorId" reference="vendors" link="show" />
        </DataTable.Col>
        <DataTable.Col source="serviceType">
          <SelectField source="serviceType" choices={SERVICE_TYPE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS} />
        </DataTable.Col>
        <DataTable.Col source="toLocation" disableSort>
          <FunctionField<CourierService> render={route} />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="en-GB" options={DAY} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
