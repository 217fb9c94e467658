import {
  DateField,
  FunctionField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { addressLines, DATE_TIME, dayText, money } from '../../format';
import type { Job } from '../../types';
import { SERVICE_TYPE_CHOICES } from '../courier-services/shared';
import { STATUS } from './shared';

/** A refund of a captured payment while the job is not yet an order, with a reason. */
export function JobActions() {
  return (
    <ReasonToolbar<Job>
      name={(job) => job.contents}
      actions={(job) => [
        job.payment?.status === 'captured' &&
          job.status !== 'accepted' && {
            target: { resource: 'jobs', action: 'refund' },
            idempotent: true,
            prompt: 'consign.jobs.refund',
            success: 'consign.jobs.refunded',
            color: 'error',
          },
      ]}
    />
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
        <FunctionField<Job> source="collectionDate" render={(j) => dayText(j.collectionDate)} />
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
        <DateField source="expiresAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
      </SimpleShowLayout>
    </Show>
  );
}
