import {
  BooleanField,
  DataTable,
  DateField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import type { AdminUser } from '../../types';
import { STATUS as JOB_STATUS_CHOICES } from '../jobs/shared';
import { ORDER_STATUS_CHOICES, PaidField } from '../orders/shared';
import { ROLE_CHOICES } from './shared';
import { UserRecords } from './UserRecords';
import { UserSessions } from './UserSessions';

/** Disable (ends every session at once) or re-enable, with a required reason. */
export function UserActions() {
  return (
    <ReasonToolbar<AdminUser>
      name={(user) => user.email}
      actions={(user) => {
        const action = user.disabled ? 'enable' : 'disable';
        return [
          {
            target: { resource: 'users', action },
            prompt: `consign.users.${action}`,
            success: `consign.users.${action}d`,
            color: user.disabled ? 'primary' : 'error',
          },
        ];
      }}
    />
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
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="updatedAt" showTime locales="en-GB" options={DATE_TIME} />
        <UserRecords label={msg('consign.users.orders')} reference="orders" empty="consign.users.no_orders">
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="reference" disableSort />
            <DataTable.Col source="status">
              <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
            </DataTable.Col>
            <DataTable.Col source="total" label="resources.orders.fields.money.paid">
              <PaidField />
            </DataTable.Col>
            <DataTable.Col source="createdAt">
              <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
            </DataTable.Col>
          </DataTable>
        </UserRecords>
        <UserRecords label={msg('consign.users.jobs')} reference="jobs" empty="consign.users.no_jobs">
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="reference" disableSort />
            <DataTable.Col source="status">
              <SelectField source="status" choices={JOB_STATUS_CHOICES} />
            </DataTable.Col>
            <DataTable.Col source="contents" disableSort />
            <DataTable.Col source="createdAt">
              <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
            </DataTable.Col>
          </DataTable>
        </UserRecords>
        <UserSessions label={msg('consign.users.sessions')} />
      </SimpleShowLayout>
    </Show>
  );
}
