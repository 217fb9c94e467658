import { DataTable, DateField, FunctionField, List, TextInput } from 'react-admin';
import type { AuditEntry } from '../../types';
import { describeState } from './shared';

export const filters = [
  <TextInput key="action" source="action" alwaysOn />,
  <TextInput key="entityType" source="entityType" />,
  <TextInput key="entityId" source="entityId" />,
];

export function AuditList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={50}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" />
        </DataTable.Col>
        <DataTable.Col source="actorEmail" />
        <DataTable.Col source="action" />
        <DataTable.Col source="entityType" />
        <DataTable.Col source="entityId" disableSort />
        <DataTable.Col source="before" disableSort>
          <FunctionField<AuditEntry> render={(entry) => describeState(entry.before)} />
        </DataTable.Col>
        <DataTable.Col source="after" disableSort>
          <FunctionField<AuditEntry> render={(entry) => describeState(entry.after)} />
        </DataTable.Col>
        <DataTable.Col source="reason" disableSort />
      </DataTable>
    </List>
  );
}
