import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { statusLabel } from '@consign/shared/statuses';
import { trackingSummary } from '@consign/shared/tracking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { CloseButton } from '../../components/CloseButton';
import { Spinner } from '../../components/Spinner';
import { describeParcel, formatDateTime, formatLongDate, totalWeight } from '../../lib/format';
import { describeError } from '../api/client';
import { useReferenceData } from '../api/meta';
import { newIdempotencyKey, type OrderDetail, type OrderEvent, orderKeys, ordersApi } from '../api/orders';
import { useAuth } from '../auth/auth';
import { DropOffPointSummary } from '../dropoff/DropOffPointSummary';
import { chooseDropOffHref } from '../dropoff/hours';
import { Drawer } from './Drawer';
import { useDocumentDownload, usePaperDownload } from './download';
import { OrderAdjustments } from './OrderAdjustments';
import { type ClaimFormOpen, LossClaimNotice, OrderClaims } from './OrderClaims';
import {
  AddressColumns,
  CustomsSections,
  OrderNotes,
  PayNowLink,
  PriceBreakdown,
  RefundedBadge,
  Section,
  StatusBadge,
} from './OrderParts';
import { orderSummaryState } from './tracking-summary';
import { WindowText } from './WindowText';

/** Who did each step, as the person reading the timeline says it. */
const ACTORS: Record<TimelineViewer, Record<OrderEvent['actorRole'], string>> = {
  customer: { customer: 'you', vendor: 'the courier', admin: 'Consign', system: 'Consign' },
  vendor: { customer: 'the customer', vendor: 'you', admin: 'Consign', system: 'Consign' },
};

export type TimelineViewer = 'customer' | 'vendor';

/** The order detail panel of the dashboard: parties, addresses, parcels, price, timeline, actions. */
export function OrderDrawer({
  orderId,
  onClose,
  claim = null,
}: {
  orderId: string;
  onClose: () => void;
  /** A claim form open from the start: the prefilled loss claim a link asked for (`claim=loss`). */
  claim?: ClaimFormOpen;
}) {
  return (
    <OrderDrawerFrame orderId={orderId} onClose={onClose}>
      {(order) => <OrderDetailView order={order} claim={claim} />}
    </OrderDrawerFrame>
  );
}

/**
 * The drawer around one order, for customers and vendors alike: the reference and status in the
 * header, the order loaded (with a retry on failure), and `children` drawing the loaded order.
 */
export function OrderDrawerFrame({
  orderId,
  onClose,
  subtitle,
  children,
}: {
  orderId: string;
  onClose: () => void;
  /** Said after "Placed <date>" in the header. */
  subtitle?: (order: OrderDetail) => ReactNode;
  children: (order: OrderDetail) => ReactNode;
}) {
  const titleId = useId();
  const { apiClient } = useAuth();
  const order = useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => ordersApi.get(apiClient, orderId, signal),
  });

  return (
    <Drawer labelledBy={titleId} onClose={onClose}>
      <div className="drawer__header">
        <div>
          <h2 id={titleId} className="drawer__title">
            Order {order.data?.reference ?? `#${orderId.slice(-8)}`}
          </h2>
          {order.data ? (
            <p className="muted drawer__subtitle">
              <StatusBadge status={order.data.status} />{' '}
              <RefundedBadge order={order.data} currency={order.data.price.currency} /> Placed{' '}
              {formatDateTime(order.data.createdAt)}
              {subtitle?.(order.data)}
            </p>
          ) : null}
        </div>
        <CloseButton onClick={onClose} />
      </div>
      <div className="drawer__body">
        {order.isPending ? (
          <div className="page-state page-state--compact">
            <Spinner size="md" label="Loading the order" />
          </div>
        ) : order.isError ? (
          <div className="alert alert--error" role="alert">
            {describeError(order.error)}{' '}
            <button type="button" className="link-button" onClick={() => void order.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          children(order.data)
        )}
      </div>
    </Drawer>
  );
}

/** The paid order's documents: the label, and the customs declaration of an international one. */
export function OrderDocumentButtons({ order }: { order: Pick<OrderDetail, 'id' | 'documents'> }) {
  const { download, busy } = useDocumentDownload();
  const { label, customs } = order.documents;
  return (
    <>
      {label ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => download(order.id, 'label')}
          disabled={busy !== null}
        >
          {busy === 'label' ? <Spinner label="Downloading" /> : 'Download label'}
        </button>
      ) : null}
      {customs ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => download(order.id, 'customs')}
          disabled={busy !== null}
        >
          {busy === 'customs' ? <Spinner label="Downloading" /> : 'Customs declaration'}
        </button>
      ) : null}
    </>
  );
}

function OrderDetailView({ order, claim }: { order: OrderDetail; claim: ClaimFormOpen }) {
  const reference = useReferenceData();
  const currency = order.price.currency;
  const [claimForm, setClaimForm] = useState<ClaimFormOpen>(claim);
  return (
    <div className="stack">
      <OrderActions order={order} />
      {/* First: a price adjustment waits for the customer's answer. */}
      <OrderAdjustments order={order} />
      {claimForm === null ? <LossClaimNotice order={order} onClaim={() => setClaimForm('lost')} /> : null}
      <Section title="Order Summary">
        <dl className="meta-list">
          <dt>Courier</dt>
          <dd>{order.serviceName}</dd>
          <dt>Service type</dt>
          <dd>{serviceTypeLabel(order.serviceType)}</dd>
          <dt>Collection date</dt>
          <dd>{formatLongDate(order.collectionDate)}</dd>
          {order.estimatedDelivery ? (
            <>
              <dt>Estimated delivery</dt>
              <dd>{formatLongDate(order.estimatedDelivery)}</dd>
            </>
          ) : null}
          <dt>Extended cover</dt>
          <dd>{order.coverAmount > 0 ? `Up to ${formatMoney(order.coverAmount, 'GBP')}` : 'No'}</dd>
          {order.trackingNumber ? (
            <>
              <dt>Tracking number</dt>
              <dd>{order.trackingNumber}</dd>
            </>
          ) : null}
        </dl>
      </Section>
      <Section title="Parties">
        <dl className="meta-list">
          <dt>Customer</dt>
          <dd>
            {order.collectionAddress.name} <span className="muted">({order.collectionAddress.email})</span>
          </dd>
          <dt>Courier</dt>
          <dd>{order.vendor.name}</dd>
        </dl>
      </Section>
      {order.dropOffPoint ? (
        <DropOffPointSummary
          point={order.dropOffPoint}
          code={order.dropOffCode}
          changeHref={chooseDropOffHref(order.id)}
        />
      ) : null}
      <AddressColumns
        titles={['Return Address', 'Delivery Address']}
        collection={order.collectionAddress}
        delivery={order.deliveryAddress}
        reference={reference.data}
      />
      <Section title="Package Details">
        <dl className="meta-list">
          <dt>Content</dt>
          <dd>{order.contents}</dd>
          <dt>Total value</dt>
          <dd>{formatMoney(order.contentValue, currency)}</dd>
          <dt>Weight</dt>
          <dd>
            {totalWeight(order.parcels)} kg (charged {order.chargeableWeightKg} kg)
          </dd>
        </dl>
        <ul className="plain-list parcels">
          {order.parcels.map((parcel, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parcels have no id and never reorder.
            <li key={index}>
              Parcel {index + 1}: {describeParcel(parcel)}
            </li>
          ))}
        </ul>
      </Section>
      <OrderNotes order={order} titles={['Courier Notes', 'Notes from the courier']} />
      <CustomsSections
        customs={order.customs}
        items={order.items}
        currency={currency}
        reference={reference.data}
      />
      <Section title="Price">
        <PriceBreakdown price={order.price} coverAmount={order.coverAmount} refunded={order.money.refunded} />
      </Section>
      <OrderClaims order={order} form={claimForm} onForm={setClaimForm} />
      <OrderPapers order={order} />
      <Section title="Tracking">
        {order.trackingUrl && order.status !== 'awaiting_payment' && order.status !== 'cancelled' ? (
          <p>
            <a href={order.trackingUrl} className="break-all">
              Public tracking page
            </a>{' '}
            <span className="muted">(share it with the recipient: no account needed)</span>
          </p>
        ) : null}
        <TrackingSummaryLine order={order} />
        <Timeline events={order.events} viewer="customer" />
      </Section>
    </div>
  );
}

/** Where the parcel is, as the tracking page and the recipient's email say it (an unpaid order: nothing yet). */
function TrackingSummaryLine({ order }: { order: OrderDetail }) {
  if (order.status === 'awaiting_payment') return null;
  const { headline, line } = trackingSummary(orderSummaryState(order));
  return (
    <p className="order-tracking-summary">
      <strong>
        <WindowText text={headline} />
      </strong>
      {line ? (
        <>
          <br />
          <WindowText text={line} />
        </>
      ) : null}
    </p>
  );
}

/**
 * The paid order's VAT receipt and the credit note of each refund, each downloadable (the API
 * serves them to the customer and staff only, so they are fetched with the session).
 */
export function OrderPapers({ order }: { order: Pick<OrderDetail, 'id' | 'finance'> }) {
  const { download, busy } = usePaperDownload();
  const { receipt, creditNotes } = order.finance;
  if (!receipt && creditNotes.length === 0) return null;
  return (
    <Section title="Receipts">
      <ul className="plain-list order-papers">
        {receipt ? (
          <li className="order-papers__row">
            <span>
              VAT receipt <strong>{receipt.number}</strong>{' '}
              <span className="muted">issued {formatDateTime(receipt.issuedAt)}</span>
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Download VAT receipt ${receipt.number}`}
              onClick={() => download(order.id, { kind: 'receipt' })}
              disabled={busy !== null}
            >
              {busy === 'receipt' ? <Spinner label="Downloading" /> : 'Download receipt'}
            </button>
          </li>
        ) : null}
        {creditNotes.map((note) => (
          <li key={note.number} className="order-papers__row">
            <span>
              Credit note <strong>{note.number}</strong>: {formatMoney(note.amount, note.currency)} refunded{' '}
              <span className="muted">issued {formatDateTime(note.issuedAt)}</span>
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Download credit note ${note.number}`}
              onClick={() => download(order.id, { kind: 'credit-note', number: note.number })}
              disabled={busy !== null}
            >
              {busy === note.number ? <Spinner label="Downloading" /> : 'Download credit note'}
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The order's timeline: status changes, tracking events (out for delivery, delays…) and edits. */
/**
 * The order's steps, oldest first, worded for whoever reads them (`viewer`): a booking's first
 * step says who placed it and the status it took ("Placed by the customer · Awaiting payment"),
 * every other step what happened and who did it ("Confirmed · by you").
 */
export function Timeline({ events, viewer }: { events: readonly OrderEvent[]; viewer: TimelineViewer }) {
  if (events.length === 0) return <p className="muted">No updates yet.</p>;
  return (
    <ol className="timeline" aria-label="Tracking timeline">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events are append-only and never reorder.
        <li key={index} className={`timeline__item timeline__item--${event.to}`}>
          <span className="timeline__dot" aria-hidden="true" />
          <div>
            <p className="timeline__status">
              {event.from === null && !event.event && event.actorRole === 'customer' ? (
                <>
                  Placed by {ACTORS[viewer][event.actorRole]}{' '}
                  <span className="muted">· {statusLabel(event.to)}</span>
                </>
              ) : (
                <>
                  {event.event || event.claimStatus || event.adjustmentStatus
                    ? event.description
                    : statusLabel(event.to)}{' '}
                  <span className="muted">· by {ACTORS[viewer][event.actorRole]}</span>
                </>
              )}
            </p>
            <p className="muted timeline__time">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            </p>
            {event.note ? <p className="timeline__note">{event.note}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const key = useRef<string>('');
  const confirmRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const cancel = useMutation({
    mutationFn: () => ordersApi.cancel(apiClient, order.id, key.current),
    onSuccess: async (cancelled) => {
      queryClient.setQueryData(orderKeys.detail(order.id), cancelled);
      await queryClient.invalidateQueries({ queryKey: orderKeys.list() });
      const refunded = cancelled.payment?.status === 'refunded';
      toast.success(refunded ? 'Order cancelled. Your payment has been refunded.' : 'Order cancelled');
      setConfirming(false);
    },
    onError: (error) => {
      setCancelError(describeError(error));
      setConfirming(false);
      // The API decides what is allowed; refresh so the buttons match its answer.
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
    },
  });

  const label = order.documents.label;
  const customs = order.documents.customs;
  const hasActions = label || customs || order.actions.pay || order.actions.cancel;
  if (!hasActions && !cancelError) return null;

  return (
    <div className="stack order-actions">
      {cancelError ? (
        <p className="alert alert--error" role="alert">
          {cancelError}
        </p>
      ) : null}
      <div className="row">
        <PayNowLink order={order} />
        <OrderDocumentButtons order={order} />
        {order.actions.cancel && !confirming ? (
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              key.current = newIdempotencyKey();
              setCancelError(null);
              setConfirming(true);
            }}
          >
            Cancel order
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div
          ref={confirmRef}
          className="confirm-box"
          role="alertdialog"
          aria-modal="false"
          aria-labelledby="cancel-order-title"
          aria-describedby="cancel-order-text"
          tabIndex={-1}
        >
          <p id="cancel-order-title" className="confirm-box__title">
            Cancel order {order.reference}?
          </p>
          <p id="cancel-order-text" className="muted">
            {order.paidAt
              ? 'The courier is told straight away and your payment is refunded.'
              : 'The order has not been paid, so nothing is charged.'}
          </p>
          <div className="row">
            <button
              type="button"
              className="button button--danger"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? <Spinner label="Cancelling" /> : 'Yes, cancel order'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(false)}
              disabled={cancel.isPending}
            >
              Keep order
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
