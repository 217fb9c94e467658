import { DataTable, DateField, FunctionField, List, TextField, TextInput } from 'react-admin';
import { auditActionText, DATE_TIME } from '../../format';
import type { AuditEntry } from '../../types';
import { describeState, EntityField } from './shared';

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
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="actorEmail" />
        <DataTable.Col source="action">
          <FunctionField<AuditEntry> render={(entry) => auditActionText(entry.action)} />
        </DataTable.Col>
        <DataTable.Col source="entityId" disableSort>
          <EntityField />
        </DataTable.Col>
        <DataTable.Col source="before" disableSort>
          <FunctionField<AuditEntry> render={(entry) => describeState(entry.before)} />
        </DataTable.Col>
        <DataTable.Col source="after" disableSort>
          <FunctionField<AuditEntry> render={(entry) => describeState(entry.after)} />
        </DataTable.Col>
        <DataTable.Col source="reason" disableSort>
          {/* A long reason wraps in its cell instead of running off the page. */}
          <TextField source="reason" sx={{ overflowWrap: 'anywhere', display: 'block', maxWidth: '24rem' }} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
