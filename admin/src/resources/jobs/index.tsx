import {
  DataTable,
  DateField,
  FunctionField,
  List,
  ListButton,
  ReferenceField,
  type ResourceProps,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { addressLines, money } from '../../format';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';
import type { Job } from '../../types';
import { SERVICE_TYPE_CHOICES } from '../courier-services';

const STATUS = ['awaiting_payment', 'open', 'accepted', 'withdrawn', 'expired'].map((id) => ({
  id,
  name: `consign.jobs.status.${id}`,
}));

const filters = [<SelectInput key="status" source="status" choices={STATUS} alwaysOn />];

function JobList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS} />
        </DataTable.Col>
        <DataTable.Col source="serviceType" disableSort>
          <SelectField source="serviceType" choices={SERVICE_TYPE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="customerId" disableSort>
          <ReferenceField source="customerId" reference="users" link="show" />
        </DataTable.Col>
        <DataTable.Col source="contents" disableSort />
        <DataTable.Col source="askingPrice" disableSort>
          <FunctionField<Job> render={(j) => money(j.askingPrice.amount, j.askingPrice.currency)} />
        </DataTable.Col>
        <DataTable.Col source="payment.status" disableSort />
      </DataTable>
    </List>
  );
}

function JobActions() {
  const job = useRecordContext<Job>();
  return (
    <TopToolbar>
      {job?.payment?.status === 'captured' && job.status !== 'accepted' && (
        <ReasonAction
          target={{ resource: 'jobs', action: 'refund' }}
          id={job.id}
          idempotent
          name={job.contents}
          label="consign.jobs.refund"
          title="consign.jobs.refund_title"
          content="consign.jobs.refund_content"
          success="consign.jobs.refunded"
          color="error"
        />
      )}
      <ListButton />
    </TopToolbar>
  );
}

function JobShow() {
  return (
    <Show actions={<JobActions />}>
      <SimpleShowLayout>
        <TextField source="reference" />
        <SelectField source="status" choices={STATUS} />
        <SelectField source="serviceType" choices={SERVICE_TYPE_CHOICES} />
        <ReferenceField source="customerId" reference="users" link="show" />
        <FunctionField<Job>
          source="route"
          render={(j) =>
            `${j.route.from ?? j.route.fromPostcode ?? '—'} → ${j.route.to ?? j.route.toPostcode ?? '—'}`
          }
        />
        <FunctionField<Job>
          source="deliveryAddress"
          render={(j) => addressLines(j.deliveryAddress).join(', ')}
        />
        <TextField source="contents" />
        <TextField source="collectionDate" />
        <FunctionField<Job>
          source="askingPrice"
          render={(j) => money(j.askingPrice.amount, j.askingPrice.currency)}
        />
        <FunctionField<Job>
          source="paymentSummary"
          render={(j) => (j.payment ? `${j.payment.provider}: ${j.payment.status}` : '—')}
        />
        <ReferenceField source="orderId" reference="orders" link="show" emptyText="—" />
        <TextField source="id" />
        <DateField source="expiresAt" showTime locales="en-GB" />
        <DateField source="createdAt" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Material's "Work" glyph, inline (see icons.tsx). */
const JobIcon = () => (
  <MaterialIcon path="M20 6h-4V4c0-1.11-.89-2-2-2h-4c-1.11 0-2 .89-2 2v2H4c-1.11 0-1.99.89-1.99 2L2 19c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V8c0-1.11-.89-2-2-2zm-6 0h-4V4h4v2z" />
);

/** Customers' jobs (asking-price requests): read, and refund with a reason. */
const jobsResource = {
  list: JobList,
  show: JobShow,
  icon: JobIcon,
} satisfies Omit<ResourceProps, 'name'>;

export default jobsResource;
