import {
  DataTable,
  DateField,
  DateInput,
  List,
  type ResourceProps,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { MaterialIcon } from '../../icons';

const SERVICE_TYPES = [
  { id: 'domestic', name: 'consign.quotes.type.domestic' },
  { id: 'international', name: 'consign.quotes.type.international' },
  { id: 'same_day', name: 'consign.quotes.type.same_day' },
];

// GET /api/v1/admin/quotes (features/quotes/quotes.admin.*): the quote log, newest first.
const filters = [
  <SelectInput key="serviceType" source="serviceType" choices={SERVICE_TYPES} alwaysOn />,
  <DateInput key="from" source="createdAt_gte" label="consign.quotes.from" alwaysOn />,
  <DateInput key="to" source="createdAt_lte" label="consign.quotes.to" alwaysOn />,
];

function QuoteList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" />
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

function QuoteShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" />
        <DateField source="expiresAt" showTime locales="en-GB" />
        <SelectField source="serviceType" choices={SERVICE_TYPES} />
        <TextField source="route" />
        <TextField source="parcelCount" />
        <TextField source="totalWeightKg" />
        <TextField source="optionCount" />
        <TextField source="userId" emptyText="—" />
        <TextField source="partnerId" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Material's "Request quote" glyph, inline (see icons.tsx). */
const QuoteIcon = () => (
  <MaterialIcon path="M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8l-6-6zm1 11h-3v1h2c.55 0 1 .45 1 1v3c0 .55-.45 1-1 1h-1v1h-2v-1H9v-2h4v-1h-3c-.55 0-1-.45-1-1v-3c0-.55.45-1 1-1h1V8h2v1h2v2zm-2-5V3.5L17.5 8H13z" />
);

/** The quote log (read only); quotes per day are charted on the dashboard. */
const quotesResource = {
  list: QuoteList,
  show: QuoteShow,
  icon: QuoteIcon,
} satisfies Omit<ResourceProps, 'name'>;

export default quotesResource;
