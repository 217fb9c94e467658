import {
  DataTable,
  DateField,
  DateInput,
  FunctionField,
  List,
  ListButton,
  ReferenceField,
  type ResourceProps,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { addressLines, money } from '../../format';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';
import type { Order, OrderStatus } from '../../types';

/** The order as the list and the page show it: the generated OrderDetail (events only on the page). */
type AdminOrder = Order;

export const ORDER_STATUS_CHOICES: { id: OrderStatus; name: string }[] = [
  { id: 'awaiting_payment', name: 'consign.orders.status.awaiting_payment' },
  { id: 'pending', name: 'consign.orders.status.pending' },
  { id: 'confirmed', name: 'consign.orders.status.confirmed' },
  { id: 'in_transit', name: 'consign.orders.status.in_transit' },
  { id: 'delivered', name: 'consign.orders.status.delivered' },
  { id: 'cancelled', name: 'consign.orders.status.cancelled' },
];

/** What the customer paid (cover included), and what went back if anything did. */
export function paidText(
  o: Pick<AdminOrder, 'money' | 'price'>,
  translate: (key: string, args?: object) => string,
) {
  const paid = money(o.money.paid, o.price.currency);
  if (o.money.refunded === 0) return paid;
  return o.money.refunded >= o.money.paid
    ? translate('consign.orders.paid_refunded', { paid })
    : translate('consign.orders.paid_part_refunded', {
        paid,
        refunded: money(o.money.refunded, o.price.currency),
      });
}

// `label` is read by SimpleShowLayout and DataTable, which label the field.
function PaidField(_: { label?: string }) {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  return order ? <span>{paidText(order, translate)}</span> : null;
}

/** The delivery address as an address, a line each. */
function AddressField({ source }: { source: 'deliveryAddress' | 'collectionAddress'; label?: string }) {
  const order = useRecordContext<AdminOrder>();
  return (
    <address style={{ fontStyle: 'normal' }}>
      {addressLines(order?.[source]).map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </address>
  );
}

// The vendor dashboard's filters: status, placed from / to (UK days), free text.
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={ORDER_STATUS_CHOICES}
    emptyText="consign.orders.any_status"
    alwaysOn
  />,
  <DateInput key="from" source="from" label="consign.orders.from" />,
  <DateInput key="to" source="to" label="consign.orders.to" />,
];

function OrderList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="reference" disableSort />
        <DataTable.Col source="status">
          <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="vendor.name" disableSort />
        <DataTable.Col source="customerId" disableSort>
          <ReferenceField source="customerId" reference="users" link="show" />
        </DataTable.Col>
        <DataTable.Col source="serviceName" disableSort />
        <DataTable.Col source="deliveryAddress.name" disableSort />
        <DataTable.Col source="total" label="resources.orders.fields.money.paid">
          <PaidField />
        </DataTable.Col>
        <DataTable.Col source="payment.status" disableSort />
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Status changes the machine allows an admin now, and a refund of a captured payment; each with a reason. */
function OrderActions() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      {order?.actions.nextStatuses.map((status) => (
        <ReasonAction
          key={status}
          target={{ resource: 'orders', action: 'status' }}
          id={order.id}
          body={{ status }}
          idempotent
          name={order.reference}
          label={`consign.orders.to_${status}`}
          title="consign.orders.status_title"
          content="consign.orders.status_content"
          args={{ status: translate(`consign.orders.status.${status}`) }}
          success="consign.orders.status_changed"
          color={status === 'cancelled' ? 'error' : 'primary'}
        />
      ))}
      {order?.payment?.status === 'captured' && (
        <ReasonAction
          target={{ resource: 'orders', action: 'refund' }}
          id={order.id}
          idempotent
          name={order.reference}
          label="consign.orders.refund"
          title="consign.orders.refund_title"
          content="consign.orders.refund_content"
          success="consign.orders.refunded"
          color="error"
        />
      )}
      <ListButton />
    </TopToolbar>
  );
}

function Timeline() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const events = order?.events ?? [];
  if (events.length === 0) return <p>{translate('consign.orders.no_events')}</p>;
  return (
    <ol aria-label={translate('consign.orders.timeline')} style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {events.map((e) => (
        <li key={`${e.at}-${e.to}-${e.note ?? ''}`}>
          {new Date(e.at).toLocaleString('en-GB')}: {translate(`consign.orders.status.${e.to}`)} (
          {e.actorRole}){e.note ? ` — ${e.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

function OrderShow() {
  return (
    <Show actions={<OrderActions />}>
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
        <TextField source="collectionDate" />
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
          render={(o) =>
            o.payment
              ? `${o.payment.provider}: ${o.payment.status}${o.payment.refundedAt ? `, refunded ${new Date(o.payment.refundedAt).toLocaleString('en-GB')}` : ''}`
              : '—'
          }
        />
        <FunctionField source="events" render={() => <Timeline />} />
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}

/** Material's "Receipt" glyph, inline (see icons.tsx). */
const OrderIcon = () => (
  <MaterialIcon path="M18 17H6v-2h12v2zm0-4H6v-2h12v2zm0-4H6V7h12v2zM3 22l1.5-1.5L6 22l1.5-1.5L9 22l1.5-1.5L12 22l1.5-1.5L15 22l1.5-1.5L18 22l1.5-1.5L21 22V2l-1.5 1.5L18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2 4.5 3.5 3 2v20z" />
);

/** Orders: staff follow any order and change its status or refund it, with a reason. */
const ordersResource = {
  list: OrderList,
  show: OrderShow,
  icon: OrderIcon,
  recordRepresentation: (order: AdminOrder) => order.reference,
} satisfies Omit<ResourceProps, 'name'>;

export default ordersResource;
