import { ORDER_STATUSES } from '@consign/shared/statuses';
import { useRecordContext } from 'react-admin';
import { addressLines, money } from '../../format';
import { type MessageKey, msg, useT } from '../../i18n/keys';
import type { Order, OrderStatus, OrderSummary } from '../../types';

/** The order as its page shows it: the generated OrderDetail. */
export type AdminOrder = Order;
/** An order as the lists show it (OrderSummary): a row's fields, not the whole order. */
export type AdminOrderRow = OrderSummary;

export const ORDER_STATUS_CHOICES: { id: OrderStatus; name: MessageKey }[] = ORDER_STATUSES.map((id) => ({
  id,
  name: msg(`consign.orders.status.${id}`),
}));

/** What the customer paid (cover included), and what went back if anything did. */
export function paidText(
  o: Pick<AdminOrderRow, 'money' | 'price'>,
  translate: (key: MessageKey, args?: Record<string, unknown>) => string,
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
export function PaidField(_: { label?: string }) {
  const order = useRecordContext<AdminOrderRow>();
  const translate = useT();
  return order ? <span>{paidText(order, translate)}</span> : null;
}

/** The delivery address as an address, a line each. */
export function AddressField({
  source,
}: {
  source: 'deliveryAddress' | 'collectionAddress';
  label?: string;
}) {
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
