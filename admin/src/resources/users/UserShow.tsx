import {
  BooleanField,
  DateField,
  ListButton,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ReasonAction } from '../../ReasonAction';
import type { AdminUser } from '../../types';
import { ROLE_CHOICES } from './shared';

/** Disable (ends every session at once) or re-enable, each with a required reason. */
export function UserActions() {
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

export function UserShow() {
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
