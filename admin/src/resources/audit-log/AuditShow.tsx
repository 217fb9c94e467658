import { DateField, FunctionField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { auditActionText, DATE_TIME } from '../../format';
import type { AuditEntry } from '../../types';
import { describeState, EntityField } from './shared';

export function AuditShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <TextField source="actorEmail" />
        <FunctionField<AuditEntry> source="action" render={(entry) => auditActionText(entry.action)} />
        <FunctionField source="entityId" render={() => <EntityField />} />
        <FunctionField<AuditEntry> source="before" render={(entry) => describeState(entry.before)} />
        <FunctionField<AuditEntry> source="after" render={(entry) => describeState(entry.after)} />
        <TextField source="reason" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} />
      </SimpleShowLayout>
    </Show>
  );
}
