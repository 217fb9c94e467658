import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import type { ContactMessage } from '../../types';

export function MessageActions() {
  return (
    <ReasonToolbar<ContactMessage>
      name={(message) => message.name}
      actions={(message) => [
        !message.handledAt && {
          target: { resource: 'contact-messages', action: 'handle' },
          prompt: 'consign.messages.handle',
          label: msg('consign.messages.mark_handled'),
          success: 'consign.messages.marked',
        },
      ]}
    />
  );
}

export function MessageShow() {
  return (
    <Show actions={<MessageActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="phone" />
        <TextField source="message" sx={{ whiteSpace: 'pre-wrap' }} />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="handledAt" showTime locales="en-GB" options={DATE_TIME} emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
