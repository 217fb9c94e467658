import {
  DateField,
  FunctionField,
  ListButton,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { addressLines, money } from '../../format';
import { ReasonAction } from '../../ReasonAction';
import type { Job } from '../../types';
import { SERVICE_TYPE_CHOICES } from '../courier-services/shared';
import { STATUS } from './shared';

export function JobActions() {
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

export function JobShow() {
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
