import {
  BooleanField,
  DataTable,
  DateField,
  List,
  ListButton,
  type ResourceProps,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';
import type { AdminUser } from '../../types';

export const ROLE_CHOICES = [
  { id: 'customer', name: 'consign.users.role.customer' },
  { id: 'vendor', name: 'consign.users.role.vendor' },
  { id: 'admin', name: 'consign.users.role.admin' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} emptyText="consign.users.any_role" alwaysOn />,
  <SelectInput
    key="disabled"
    source="disabled"
    choices={[
      { id: true, name: 'consign.users.disabled_only' },
      { id: false, name: 'consign.users.enabled_only' },
    ]}
    emptyText="consign.users.any_state"
  />,
];

function UserList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="name" />
        <DataTable.Col source="role">
          <SelectField source="role" choices={ROLE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="disabled">
          <BooleanField source="disabled" />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="en-GB" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Disable (ends every session at once) or re-enable, each with a required reason. */
function UserActions() {
  const user = useRecordContext<AdminUser>();
  return (
    <TopToolbar>
      {user &&
        (user.disabled ? (
          <ReasonAction
            target={{ resource: 'users', action: 'enable' }}
            id={user.id}
            name={user.email}
            label="consign.users.enable"
            title="consign.users.enable_title"
            content="consign.users.enable_content"
            success="consign.users.enabled"
          />
        ) : (
          <ReasonAction
            target={{ resource: 'users', action: 'disable' }}
            id={user.id}
            name={user.email}
            label="consign.users.disable"
            title="consign.users.disable_title"
            content="consign.users.disable_content"
            success="consign.users.disabled"
            color="error"
          />
        ))}
      <ListButton />
    </TopToolbar>
  );
}

function UserShow() {
  return (
    <Show actions={<UserActions />}>
      <SimpleShowLayout>
        <TextField source="email" />
        <TextField source="name" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <SelectField source="role" choices={ROLE_CHOICES} />
        <BooleanField source="emailVerified" />
        <BooleanField source="googleLinked" />
        <BooleanField source="disabled" />
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" />
        <DateField source="updatedAt" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Material's "People" glyph, inline (see icons.tsx). */
const UserIcon = () => (
  <MaterialIcon path="M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z" />
);

/** Users: staff search accounts and disable or re-enable them. No edit: people own their profiles. */
const users = {
  list: UserList,
  show: UserShow,
  icon: UserIcon,
  recordRepresentation: (user: AdminUser) => user.email,
} satisfies Omit<ResourceProps, 'name'>;

export default users;
