import {
  DateField,
  FunctionField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { type ReasonActionSpec, ReasonToolbar } from '../../components/ReasonAction';
import { ACTOR_WORDS, DATE_TIME, dateTimeText, dayText, money, paymentText } from '../../format';
import { msg, useT } from '../../i18n/keys';
import { AddressField, type AdminOrder, ORDER_STATUS_CHOICES, PaidField } from './shared';

/** Status changes the machine allows an admin now, and a refund of a captured payment; each with a reason. */
export function OrderActions() {
  const translate = useT();
  return (
    <ReasonToolbar<AdminOrder>
      name={(order) => order.reference}
      actions={(order) => [
        ...order.actions.nextStatuses.map(
          (status): ReasonActionSpec => ({
            target: { resource: 'orders', action: 'status' },
            body: { status },
            idempotent: true,
            prompt: 'consign.orders.status',
            label: msg(`consign.orders.to_${status}`),
            args: { status: translate(`consign.orders.status.${status}`) },
            success: 'consign.orders.status_changed',
            color: status === 'cancelled' ? 'error' : 'primary',
          }),
        ),
        order.payment?.status === 'captured' && {
          target: { resource: 'orders', action: 'refund' },
          idempotent: true,
          prompt: 'consign.orders.refund',
          success: 'consign.orders.refunded',
          color: 'error',
        },
      ]}
    />
  );
}

export function Timeline() {
  const order = useRecordContext<AdminOrder>();
  const translate = useT();
  const events = order?.events ?? [];
  if (events.length === 0) return <p>{translate('consign.orders.no_events')}</p>;
  return (
    <ol aria-label={translate('consign.orders.timeline')} style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {events.map((e) => (
        <li key={`${e.at}-${e.to}-${e.note ?? ''}`}>
          {dateTimeText(e.at)}: {translate(`consign.orders.status.${e.to}`)} by{' '}
          {ACTOR_WORDS[e.actorRole] ?? e.actorRole}
          {e.note ? ` — ${e.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * Read under its own key: react-admin fills its cache of single records from every list it
 * fetched, and the order lists carry summaries (OrderSummary), not the whole order this page
 * shows. Asked with `meta`, the page waits for the order itself instead of drawing a summary.
 */
const WHOLE_ORDER = { meta: { whole: true } };

export function OrderShow() {
  return (
    <Show actions={<OrderActions />} queryOptions={WHOLE_ORDER}>
      <SimpleShowLayout>
        <TextField source="reference" />
        <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
        <ReferenceField
          source="vendor.id"
          reference="vendors"
          link="show"
          label="resources.orders.fields.vendor.name"
        />
        <ReferenceField source="customerId" reference="users" link="show" />
        <TextField source="serviceName" />
        <FunctionField<AdminOrder> source="collectionDate" render={(o) => dayText(o.collectionDate)} />
        <AddressField source="collectionAddress" label="resources.orders.fields.collectionAddress" />
        <AddressField source="deliveryAddress" label="resources.orders.fields.deliverTo" />
        <TextField source="contents" />
        <FunctionField<AdminOrder>
          source="total"
          render={(o) =>
            [
              `${money(o.price.total, o.price.currency)}:`,
              `${money(o.price.net, o.price.currency)} + ${money(o.price.vat, o.price.currency)} VAT`,
              o.price.coverFee ? `+ ${money(o.price.coverFee, o.price.currency)} cover` : '',
            ]
              .filter(Boolean)
              .join(' ')
          }
        />
        <PaidField label="resources.orders.fields.money.paid" />
        <FunctionField<AdminOrder>
          source="payment"
          label="resources.orders.fields.paymentSummary"
          render={(o) => (o.payment ? paymentText(o.payment) : '—')}
        />
        <FunctionField source="events" render={() => <Timeline />} />
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
      </SimpleShowLayout>
    </Show>
  );
}
