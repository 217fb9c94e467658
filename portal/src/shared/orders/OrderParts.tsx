/** Read-only pieces of an order shown on the review, confirmation, dashboard and customs pages. */
import { formatMoney } from '@consign/shared/money';
import { statusLabel } from '@consign/shared/statuses';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { statusTone } from '../../lib/format';
import { countryName } from '../api/booking';
import type { ReferenceData } from '../api/meta';
import type { OrderAddress, OrderCustoms, OrderDetail, OrderItem } from '../api/orders';
import './orders.css';
import { ScrollTable } from '../../components/ScrollTable';

export function optionLabel(
  list: readonly { value: string; label: string }[] | undefined,
  value: string,
): string {
  return list?.find((o) => o.value === value)?.label ?? statusLabel(value);
}

/** The 'Loading orders...' state of an orders table, for the customer and the vendor. */
export function OrdersLoading() {
  return (
    <div className="page-state page-state--compact">
      <Spinner size="md" label="Loading orders..." />
      <span aria-hidden="true" className="muted">
        Loading orders...
      </span>
    </div>
  );
}

/**
 * The customer's booking notes for the courier and the courier's own notes, each shown only when
 * present; the titles say whose they are from the reader's side.
 */
export function OrderNotes({
  order,
  titles,
}: {
  order: Pick<OrderDetail, 'notes' | 'vendorNotes'>;
  titles: readonly [customer: string, courier: string];
}) {
  return (
    <>
      {order.notes ? (
        <Section title={titles[0]}>
          <p className="pre-line">{order.notes}</p>
        </Section>
      ) : null}
      {order.vendorNotes ? (
        <Section title={titles[1]}>
          <p className="pre-line">{order.vendorNotes}</p>
        </Section>
      ) : null}
    </>
  );
}

/** An orders table row's button that opens the order's drawer. */
export function ViewDetailsButton({
  order,
  onOpen,
  label = 'View details',
}: {
  order: { id: string; reference: string };
  onOpen: (id: string) => void;
  label?: string;
}) {
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => onOpen(order.id)}
      aria-label={`View details of order ${order.reference}`}
    >
      {label}
    </button>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${statusTone(status)}`}>{statusLabel(status)}</span>;
}

/**
 * "Refunded" (or "Part refunded") beside the status of an order whose payment went back: a
 * delivered order keeps its status when staff refund it, and its money no longer counts.
 */
export function RefundedBadge({
  order,
  currency,
}: {
  order: Pick<OrderDetail, 'money'>;
  /** Given (a drawer's header): the badge says how much, e.g. "Refunded £9.87". */
  currency?: string;
}) {
  if (order.money.refunded === 0) return null;
  const full = order.money.refunded >= order.money.paid;
  const words = full ? 'Refunded' : 'Part refunded';
  return (
    <span className="status-badge status-badge--red">
      {currency ? `${words} ${formatMoney(order.money.refunded, currency)}` : words}
    </span>
  );
}

/** "Pay now", for an order that is still awaiting payment; nothing otherwise. */
export function PayNowLink({ order }: { order: Pick<OrderDetail, 'id' | 'actions'> }) {
  return order.actions.pay ? (
    <Link to={`/payment?order=${encodeURIComponent(order.id)}`} className="button button--primary">
      Pay now
    </Link>
  ) : null;
}

export function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`detail-section${className ? ` ${className}` : ''}`}>
      <h3 className="detail-section__title">{title}</h3>
      {children}
    </section>
  );
}

type AddressLike = Omit<OrderAddress, 'line2'> & { line2?: string | undefined };

export function AddressBlock({
  address,
  reference,
}: {
  address: AddressLike;
  reference?: ReferenceData | undefined;
}) {
  return (
    <address className="address-block">
      <strong>{address.name}</strong>
      <span>{address.line1}</span>
      {address.line2 ? <span>{address.line2}</span> : null}
      <span>
        {address.town}
        {address.county ? `, ${address.county}` : ''}
      </span>
      <span>{address.postcode}</span>
      <span>{countryName(address.country, reference)}</span>
      <span className="address-block__contact">{address.email}</span>
      <span className="address-block__contact">{address.phone}</span>
    </address>
  );
}

/** The two addresses of an order side by side: collection (or sender) and delivery. */
export function AddressColumns({
  titles,
  collection,
  delivery,
  reference,
}: {
  titles: readonly [string, string];
  collection: AddressLike;
  delivery: AddressLike;
  reference?: ReferenceData | undefined;
}) {
  return (
    <div className="detail-columns">
      <Section title={titles[0]}>
        <AddressBlock address={collection} reference={reference} />
      </Section>
      <Section title={titles[1]}>
        <AddressBlock address={delivery} reference={reference} />
      </Section>
    </div>
  );
}

export function CustomsDetails({
  customs,
  reference,
}: {
  customs: Partial<Record<keyof OrderCustoms, string>>;
  reference?: ReferenceData | undefined;
}) {
  const rows: [string, string | undefined][] = [
    ['Document type', customs.documentType && optionLabel(reference?.documentTypes, customs.documentType)],
    [
      'Reason for export',
      customs.reasonForExport && optionLabel(reference?.exportReasons, customs.reasonForExport),
    ],
    ['Sender', customs.senderType && optionLabel(reference?.partyKinds, customs.senderType)],
    ['Sender company', customs.senderCompanyName],
    ['Sender EORI', customs.senderEori],
    ['Recipient', customs.recipientType && optionLabel(reference?.partyKinds, customs.recipientType)],
    ['Recipient company', customs.recipientCompanyName],
    ['Recipient EORI', customs.recipientEori],
  ];
  return (
    <dl className="meta-list">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="meta-list__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The international part of an order: its customs details and the breakdown of contents. */
export function CustomsSections({
  customs,
  items,
  currency,
  reference,
  titles = ['Customs Information', 'Package Contents Breakdown'],
}: {
  customs: Partial<Record<keyof OrderCustoms, string>> | null | undefined;
  items: readonly OrderItem[] | null | undefined;
  currency: string;
  reference?: ReferenceData | undefined;
  titles?: readonly [string, string];
}) {
  return (
    <>
      {customs ? (
        <Section title={titles[0]}>
          <CustomsDetails customs={customs} reference={reference} />
        </Section>
      ) : null}
      {items?.length ? (
        <Section title={titles[1]}>
          <ItemsTable items={items} currency={currency} reference={reference} />
        </Section>
      ) : null}
    </>
  );
}

export function ItemsTable({
  items,
  currency,
  reference,
  caption = 'Breakdown of contents',
}: {
  items: readonly OrderItem[];
  currency: string;
  reference?: ReferenceData | undefined;
  caption?: string;
}) {
  const total = items.reduce((sum, item) => sum + item.quantity * item.unitValue, 0);
  return (
    <ScrollTable caption={caption} className="items-table">
      <thead>
        <tr>
          <th scope="col">Description</th>
          <th scope="col">HS code</th>
          <th scope="col">Made in</th>
          <th scope="col" className="num">
            Quantity
          </th>
          <th scope="col" className="num">
            Unit value
          </th>
          <th scope="col" className="num">
            Subtotal
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id and never reorder here.
          <tr key={index}>
            <td>{item.description}</td>
            <td>{item.hsCode}</td>
            <td>{countryName(item.originCountry, reference)}</td>
            <td className="num">{item.quantity}</td>
            <td className="num">{formatMoney(item.unitValue, currency)}</td>
            <td className="num">{formatMoney(item.quantity * item.unitValue, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={5}>
            Total value
          </th>
          <td className="num">
            <strong>{formatMoney(total, currency)}</strong>
          </td>
        </tr>
      </tfoot>
    </ScrollTable>
  );
}

export interface PriceLike {
  net: number;
  vat: number;
  coverFee: number;
  total: number;
  currency: string;
}

export function PriceBreakdown({
  price,
  coverAmount,
  label = 'Total',
  refunded = 0,
}: {
  price: PriceLike;
  coverAmount: number;
  label?: string;
  /** What went back to the customer: shown below the total with what the order now costs. */
  refunded?: number;
}) {
  return (
    <dl className="price-list" aria-label="Price breakdown">
      <dt>Price</dt>
      <dd>{formatMoney(price.net, price.currency)}</dd>
      <dt>VAT</dt>
      <dd>{formatMoney(price.vat, price.currency)}</dd>
      <dt>
        {coverAmount > 0 ? `Extended cover (up to ${formatMoney(coverAmount, 'GBP')})` : 'Extended cover'}
      </dt>
      <dd>{coverAmount > 0 ? formatMoney(price.coverFee, 'GBP') : 'None'}</dd>
      <dt className="price-list__total">{label}</dt>
      <dd className="price-list__total">{formatMoney(price.total, price.currency)}</dd>
      {refunded > 0 ? (
        <>
          <dt className="price-list__refund">{refunded >= price.total ? 'Refunded' : 'Part refunded'}</dt>
          <dd className="price-list__refund">−{formatMoney(refunded, price.currency)}</dd>
          <dt>Paid after refunds</dt>
          <dd>{formatMoney(Math.max(0, price.total - refunded), price.currency)}</dd>
        </>
      ) : null}
    </dl>
  );
}
