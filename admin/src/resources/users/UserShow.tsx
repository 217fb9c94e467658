import {
  BooleanField,
  DataTable,
  DateField,
  ListButton,
  Pagination,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ReasonAction } from '../../ReasonAction';
import type { AdminUser } from '../../types';
import { STATUS as JOB_STATUS_CHOICES } from '../jobs/shared';
import { ORDER_STATUS_CHOICES, PaidField } from '../orders/shared';
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

function EmptyLine({ text }: { text: string }) {
  const translate = useTranslate();
  return <p style={{ margin: 0 }}>{translate(text)}</p>;
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
        <ReferenceManyField
          label="consign.users.orders"
          reference="orders"
          target="customerId"
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10]} />}
          empty={<EmptyLine text="consign.users.no_orders" />}
        >
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="reference" disableSort />
            <DataTable.Col source="status">
              <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
            </DataTable.Col>
            <DataTable.Col source="total" label="resources.orders.fields.money.paid">
              <PaidField />
            </DataTable.Col>
            <DataTable.Col source="createdAt">
              <DateField source="createdAt" showTime locales="en-GB" />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
        <ReferenceManyField
          label="consign.users.jobs"
          reference="jobs"
          target="customerId"
          sort={{ field: 'createdAt', order: 'DESC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10]} />}
          empty={<EmptyLine text="consign.users.no_jobs" />}
        >
          <DataTable rowClick="show" bulkActionButtons={false}>
            <DataTable.Col source="reference" disableSort />
            <DataTable.Col source="status">
              <SelectField source="status" choices={JOB_STATUS_CHOICES} />
            </DataTable.Col>
            <DataTable.Col source="contents" disableSort />
            <DataTable.Col source="createdAt">
              <DateField source="createdAt" showTime locales="en-GB" />
            </DataTable.Col>
          </DataTable>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
