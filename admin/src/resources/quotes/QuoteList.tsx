import { DataTable, DateField, DateInput, List, SelectField, SelectInput } from 'react-admin';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import { SERVICE_TYPES } from './shared';

// GET /api/v1/admin/quotes (features/quotes/quotes.admin.*): the quote log, newest first.
export const filters = [
  <SelectInput key="serviceType" source="serviceType" choices={SERVICE_TYPES} alwaysOn />,
  <DateInput key="from" source="createdAt_gte" label={msg('consign.quotes.from')} alwaysOn />,
  <DateInput key="to" source="createdAt_lte" label={msg('consign.quotes.to')} alwaysOn />,
];

export function QuoteList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="serviceType">
          <SelectField source="serviceType" choices={SERVICE_TYPES} />
        </DataTable.Col>
        <DataTable.Col source="route" disableSort />
        <DataTable.Col source="parcelCount" disableSort />
        <DataTable.Col source="totalWeightKg" disableSort />
        <DataTable.Col source="optionCount" />
      </DataTable>
    </List>
  );
}
