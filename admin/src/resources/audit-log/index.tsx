import {
  DataTable,
  DateField,
  FunctionField,
  List,
  type ResourceProps,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { MaterialIcon } from '../../icons';
import type { AuditEntry } from '../../types';

/** `{"status":"pending"}` → `status: pending`, short enough for a table cell. */
export function describeState(state: Record<string, unknown> | null): string {
  if (!state) return '—';
  return Object.entries(state)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

const filters = [
  <TextInput key="action" source="action" alwaysOn />,
  <TextInput key="entityType" source="entityType" />,
  <TextInput key="entityId" source="entityId" />,
];

function AuditList() {
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

function AuditShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="createdAt" showTime locales="en-GB" />
        <TextField source="actorEmail" />
        <TextField source="action" />
        <TextField source="entityType" />
        <TextField source="entityId" />
        <FunctionField<AuditEntry> source="before" render={(entry) => describeState(entry.before)} />
        <FunctionField<AuditEntry> source="after" render={(entry) => describeState(entry.after)} />
        <TextField source="reason" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Material's "History" glyph, inline (see icons.tsx). */
const AuditIcon = () => (
  <MaterialIcon path="M13 3a9 9 0 0 0-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.954 8.954 0 0 0 13 21a9 9 0 0 0 0-18zm-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8H12z" />
);

/** The audit log: every change staff made, with its reason. Read only, by design. */
const auditLog = {
  list: AuditList,
  show: AuditShow,
  icon: AuditIcon,
  recordRepresentation: (entry: AuditEntry) => `${entry.action} ${entry.entityId}`,
} satisfies Omit<ResourceProps, 'name'>;

export default auditLog;
