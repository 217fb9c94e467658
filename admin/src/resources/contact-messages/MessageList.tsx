import { DataTable, DateField, FunctionField, List } from 'react-admin';
import { listFilters, yesNo } from '../../components/listFilters';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import type { ContactMessage } from '../../types';

export const filters = listFilters('search', {
  source: 'handled',
  choices: yesNo(msg('consign.messages.handled'), msg('consign.messages.open')),
});

export function MessageList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ handled: false }}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="message" disableSort>
          <FunctionField<ContactMessage>
            render={(m) => (m.message.length > 80 ? `${m.message.slice(0, 80)}…` : m.message)}
          />
        </DataTable.Col>
        <DataTable.Col source="handledAt">
          <DateField source="handledAt" showTime locales="en-GB" options={DATE_TIME} emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
