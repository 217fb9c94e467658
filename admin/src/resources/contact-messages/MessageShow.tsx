import {
  DateField,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ReasonAction } from '../../ReasonAction';
import type { ContactMessage } from '../../types';

export function MessageActions() {
  const message = useRecordContext<ContactMessage>();
  return (
    <TopToolbar>
      {message && !message.handledAt && (
        <ReasonAction
          target={{ resource: 'contact-messages', action: 'handle' }}
          id={message.id}
          name={message.name}
          label="consign.messages.mark_handled"
          title="consign.messages.handle_title"
          content="consign.messages.handle_content"
          success="consign.messages.marked"
        />
      )}
      <ListButton />
    </TopToolbar>
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
        <DateField source="createdAt" showTime locales="en-GB" />
        <DateField source="handledAt" showTime locales="en-GB" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
