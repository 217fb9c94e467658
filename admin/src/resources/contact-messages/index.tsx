import {
  DataTable,
  DateField,
  FunctionField,
  List,
  ListButton,
  type ResourceProps,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';
import type { ContactMessage } from '../../types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="handled"
    source="handled"
    choices={[
      { id: false, name: 'consign.messages.open' },
      { id: true, name: 'consign.messages.handled' },
    ]}
    alwaysOn
  />,
];

function MessageList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ handled: false }}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col source="message" disableSort>
          <FunctionField<ContactMessage>
            render={(m) => (m.message.length > 80 ? `${m.message.slice(0, 80)}…` : m.message)}
          />
        </DataTable.Col>
        <DataTable.Col source="handledAt">
          <DateField source="handledAt" showTime locales="en-GB" emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function MessageActions() {
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

function MessageShow() {
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

/** Material's "Mail" glyph, inline (see icons.tsx). */
const MessageIcon = () => (
  <MaterialIcon path="M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 4l-8 5-8-5V6l8 5 8-5v2z" />
);

/** The contact form's messages: open ones first; staff mark each handled with a note. */
const contactMessagesResource = {
  list: MessageList,
  show: MessageShow,
  icon: MessageIcon,
  recordRepresentation: (m: ContactMessage) => m.name,
} satisfies Omit<ResourceProps, 'name'>;

export default contactMessagesResource;
