import { DateField, FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { AuditEntry } from '../../types';
import { describeState } from './shared';

export function AuditShow() {
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
