import {
  DataTable,
  DateField,
  FunctionField,
  List,
  ListButton,
  type ResourceProps,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';
import { money } from '../orders';

/** A job as the admin API answers it (Job in openapi.yaml), the parts shown here. */
interface Job {
  id: string;
  status: 'awaiting_payment' | 'open' | 'accepted' | 'withdrawn' | 'expired';
  serviceType: string;
  contents: string;
  collectionDate: string;
  askingPrice: { amount: number; currency: string };
  orderId: string | null;
  payment: { provider: string; status: string } | null;
  expiresAt: string;
  createdAt: string;
}

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
        <DataTable.Col source="status" />
        <DataTable.Col source="serviceType" disableSort />
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
        <TextField source="id" />
        <TextField source="status" />
        <TextField source="serviceType" />
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
        <TextField source="orderId" emptyText="—" />
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
