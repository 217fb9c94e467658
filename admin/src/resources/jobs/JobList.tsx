import { DataTable, DateField, FunctionField, List, ReferenceField, SelectField } from 'react-admin';
import { listFilters } from '../../components/listFilters';
import { DATE_TIME, money } from '../../format';
import type { Job } from '../../types';
import { SERVICE_TYPE_CHOICES } from '../courier-services/shared';
import { STATUS } from './shared';

export const filters = listFilters({ source: 'status', choices: STATUS });

export function JobList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS} />
        </DataTable.Col>
        <DataTable.Col source="serviceType" disableSort>
          <SelectField source="serviceType" choices={SERVICE_TYPE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="customerId" disableSort>
          <ReferenceField source="customerId" reference="users" link="show" />
        </DataTable.Col>
        <DataTable.Col source="contents" disableSort />
        <DataTable.Col source="askingPrice" disableSort>
          <FunctionField<Job> render={(j) => money(j.askingPrice.amount, j.askingPrice.currency)} />
        </DataTable.Col>
        <DataTable.Col source="payment.status" disableSort />
      </DataTable>
    </List>
  );
}
