import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { statusLabel } from '@consign/shared/statuses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { FieldError } from '../../components/Field';
import { describeParcel, formatLongDate, totalWeight, ukDate } from '../../lib/format';
import { fieldErrorsOf, isApiError, saveErrorMessage } from '../../shared/api/client';
import { useReferenceData } from '../../shared/api/meta';
import { type OrderDetail, type OrderStatus, orderKeys } from '../../shared/api/orders';
import { type VendorOrderUpdate, vendorOrdersApi } from '../../shared/api/vendor-orders';
import { useAuth } from '../../shared/auth/auth';
import { DropOffPointSummary } from '../../shared/dropoff/DropOffPointSummary';
import { OrderDocumentButtons, OrderDrawerFrame, Timeline } from '../../shared/orders/OrderDrawer';
import { AddressColumns, CustomsSections, OrderNotes, Section } from '../../shared/orders/OrderParts';
import { AddEventForm, canAddEvent } from './AddEventForm';
import { VendorAdjustment } from './VendorAdjustment';
import { VendorClaims } from './VendorClaims';

interface VendorOrderDrawerProps {
  orderId: string;
  onClose: () => void;
  /** After a successful save: the dashboard reloads its list and figures; the drawer stays open. */
  onSaved: () => void;
}

/**
 * The order detail drawer of the vendor dashboard (spec §2.4): every section, edit mode and the
 * tracking events. It stays open after a save, showing the order as saved, so a courier can move
 * an order through several steps (confirmed, in transit, out for delivery) in one go.
 */
export function VendorOrderDrawer({ orderId, onClose, onSaved }: VendorOrderDrawerProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'event'>('view');
  const queryClient = useQueryClient();
  const saved = (order: OrderDetail) => {
    // The drawer reads the saved order at once; the list and figures reload behind it.
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    onSaved();
  };
  const editing = mode === 'edit';
  return (
    <OrderDrawerFrame
      orderId={orderId}
      onClose={onClose}
      subtitle={(order) =>
        order.collectionDate ? ` · Collection ${formatLongDate(order.collectionDate)}` : ''
      }
    >
      {(order) => (
        <div className="stack">
          <div className="row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => setMode(editing ? 'view' : 'edit')}
              aria-expanded={editing}
            >
              {editing ? 'Cancel Edit' : 'Edit Order'}
            </button>
            {canAddEvent(order) ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setMode(mode === 'event' ? 'view' : 'event')}
                aria-expanded={mode === 'event'}
              >
                {mode === 'event' ? 'Cancel event' : 'Add tracking event'}
              </button>
            ) : null}
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
          </div>
          {editing ? (
            // Keyed by the saved order, so after a save the form starts from it with the next moves.
            <EditOrderForm
              key={order.updatedAt}
              order={order}
              onCancel={() => setMode('view')}
              onSaved={saved}
            />
          ) : null}
          {mode === 'event' && canAddEvent(order) ? (
            <AddEventForm
              order={order}
              onCancel={() => setMode('view')}
              onSaved={(next) => {
                saved(next);
                setMode('view');
              }}
            />
          ) : null}
          <VendorAdjustment order={order} />
          <VendorClaims orderId={order.id} />
          <OrderSections order={order} />
          <Section title="Tracking">
            {order.trackingUrl ? (
              <p>
                <a href={order.trackingUrl} className="break-all">
                  Public tracking page
                </a>{' '}
                <span className="muted">(what the recipient sees)</span>
              </p>
            ) : null}
            {order.promisedDelivery ? (
              <p>
                Promised delivery: <strong>{formatLongDate(order.promisedDelivery)}</strong>
                {order.promisedDelivery !== order.estimatedDelivery ? ' (revised)' : ''}
              </p>
            ) : null}
            <Timeline events={order.events} viewer="vendor" />
          </Section>
        </div>
      )}
    </OrderDrawerFrame>
  );
}

function OrderSections({ order }: { order: OrderDetail }) {
  const reference = useReferenceData();
  const currency = order.price.currency;
  const first = order.parcels[0];
  const { label, customs } = order.documents;
  return (
    <>
      <Section title="Order Summary">
        <dl className="meta-list">
          <dt>Courier</dt>
          <dd>{order.serviceName}</dd>
          <dt>Service type</dt>
          <dd>{serviceTypeLabel(order.serviceType)}</dd>
          <dt>Total price</dt>
          <dd>{formatMoney(order.price.total, currency)}</dd>
          <dt>Insurance</dt>
          <dd>{order.coverAmount > 0 ? formatMoney(order.coverAmount, 'GBP') : 'No'}</dd>
          <dt>Customer</dt>
          <dd>
            {order.collectionAddress.name}{' '}
            <span className="muted break-all">({order.collectionAddress.email})</span>
          </dd>
        </dl>
      </Section>
      <Earnings order={order} />
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
          {first ? (
            <>
              <dt>Dimensions</dt>
              <dd>
                {first.length} x {first.width} x {first.height} cm
              </dd>
            </>
          ) : null}
        </dl>
      </Section>
      {order.parcels.length > 1 ? (
        <Section title="All Parcels">
          <ul className="plain-list parcels">
            {order.parcels.map((parcel, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parcels have no id and never reorder.
              <li key={index}>
                Parcel {index + 1}: {describeParcel(parcel)}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {order.trackingNumber || order.labelUrl || label || customs ? (
        <Section title="Tracking Information">
          <dl className="meta-list">
            {order.trackingNumber ? (
              <>
                <dt>Tracking number</dt>
                <dd>{order.trackingNumber}</dd>
              </>
            ) : null}
            {order.labelUrl ? (
              <>
                <dt>Label</dt>
                <dd>
                  <a href={order.labelUrl} target="_blank" rel="noopener noreferrer" className="break-all">
                    Open the courier label
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          {label || customs ? (
            <div className="row vendor-drawer__documents">
              <OrderDocumentButtons order={order} />
            </div>
          ) : null}
        </Section>
      ) : null}
      <OrderNotes order={order} titles={["Customer's Notes", 'Courier Notes']} />
      {order.dropOffPoint ? <DropOffPointSummary point={order.dropOffPoint} /> : null}
      <AddressColumns
        titles={['Return Address', 'Delivery Address']}
        collection={order.collectionAddress}
        delivery={order.deliveryAddress}
        reference={reference.data}
      />
      {order.serviceType === 'international' ? (
        <CustomsSections
          customs={order.customs}
          items={order.items}
          currency={currency}
          reference={reference.data}
        />
      ) : null}
    </>
  );
}

/** "12.5% + £0.30", "10%", "£0.50" or "None": a commission rate as the courier agreed it. */
export function rateText(percentBp: number, fixed: number, currency: string): string {
  const parts = [
    ...(percentBp > 0 ? [`${(percentBp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`] : []),
    ...(fixed > 0 ? [formatMoney(fixed, currency)] : []),
  ];
  return parts.length ? parts.join(' + ') : 'None';
}

/**
 * The courier's money on the order: the price, the commission kept (at the rate in force when it
 * was paid), refunds it bore and what it earns; with what went back to the customer, if anything.
 */
function Earnings({ order }: { order: OrderDetail }) {
  const earnings = order.finance.earnings;
  if (!earnings && order.money.refunded === 0) return null;
  const currency = earnings?.currency ?? order.price.currency;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <Section title="Your Earnings">
      <dl className="price-list" aria-label="Your earnings">
        {earnings ? (
          <>
            <dt>Price</dt>
            <dd>{money(earnings.price)}</dd>
            <dt>Commission ({rateText(earnings.percentBp, earnings.fixed, currency)})</dt>
            <dd>−{money(earnings.commission)}</dd>
            {earnings.refunds > 0 ? (
              <>
                <dt>Refunds you bore</dt>
                <dd>−{money(earnings.refunds)}</dd>
              </>
            ) : null}
            <dt className="price-list__total">Net</dt>
            <dd className="price-list__total">{money(earnings.net)}</dd>
          </>
        ) : null}
        {order.money.refunded > 0 ? (
          <>
            <dt className="price-list__refund">
              {order.money.refunded >= order.money.paid
                ? 'Refunded to the customer'
                : 'Part refunded to the customer'}
            </dt>
            <dd className="price-list__refund">{money(order.money.refunded)}</dd>
          </>
        ) : null}
      </dl>
    </Section>
  );
}

/** The statuses the drawer offers: where the order is now, and where the state machine lets it go. */
export function statusChoices(order: Pick<OrderDetail, 'status' | 'actions'>): OrderStatus[] {
  const next = [...order.actions.nextStatuses];
  if (order.actions.cancel) next.push('cancelled');
  return [order.status, ...next.filter((s) => s !== order.status)];
}

type Draft = {
  status: OrderStatus;
  collectionDate: string;
  trackingNumber: string;
  vendorNotes: string;
  labelUrl: string;
};

const draftOf = (order: OrderDetail): Draft => ({
  status: order.status,
  collectionDate: order.collectionDate,
  trackingNumber: order.trackingNumber ?? '',
  vendorNotes: order.vendorNotes ?? '',
  labelUrl: order.labelUrl ?? '',
});

/** Only what the vendor changed goes to the API, so an untouched field is never rewritten. */
export function changesOf(order: OrderDetail, draft: Draft): VendorOrderUpdate {
  const before = draftOf(order);
  const body: VendorOrderUpdate = {};
  if (draft.status !== before.status) body.status = draft.status;
  if (draft.collectionDate !== before.collectionDate) body.collectionDate = draft.collectionDate || null;
  if (draft.trackingNumber.trim() !== before.trackingNumber && draft.trackingNumber.trim()) {
    body.trackingNumber = draft.trackingNumber.trim();
  }
  if (draft.vendorNotes.trim() !== before.vendorNotes) body.vendorNotes = draft.vendorNotes.trim() || null;
  if (draft.labelUrl.trim() !== before.labelUrl) body.labelUrl = draft.labelUrl.trim() || null;
  return body;
}

function EditOrderForm({
  order,
  onCancel,
  onSaved,
}: {
  order: OrderDetail;
  onCancel: () => void;
  onSaved: (order: OrderDetail) => void;
}) {
  const id = useId();
  const { apiClient } = useAuth();
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: (body: VendorOrderUpdate) => vendorOrdersApi.update(apiClient, order.id, body),
    onSuccess: (saved) => {
      toast.success('Order updated successfully!');
      onSaved(saved);
    },
    onError: (error) => {
      if (isApiError(error, 422)) setErrors(fieldErrorsOf(error));
      // Another order's tracking number (a 409, decided under the write lock) is the refusal a
      // courier meets most: it belongs beside the field as much as a 422's.
      else if (isApiError(error, 409) && error.code === 'tracking_number_taken')
        setErrors({ trackingNumber: error.message });
      toast.error(saveErrorMessage(error, 'Failed to update order'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const body = changesOf(order, draft);
    if (Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    save.mutate(body);
  }

  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className="card vendor-edit stack" onSubmit={submit} aria-label="Edit order" noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          {...field('status')}
          className="input input--select"
          value={draft.status}
          onChange={(e) => set('status')(e.target.value)}
        >
          {statusChoices(order).map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-status-error`} error={errors.status} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-collectionDate`}>
          Collection Date
        </label>
        <input
          {...field('collectionDate')}
          type="date"
          className="input"
          min={ukDate()}
          value={draft.collectionDate}
          onChange={(e) => set('collectionDate')(e.target.value)}
        />
        <FieldError id={`${id}-collectionDate-error`} error={errors.collectionDate} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-trackingNumber`}>
          Tracking Number
        </label>
        <input
          {...field('trackingNumber')}
          className="input"
          maxLength={64}
          autoComplete="off"
          value={draft.trackingNumber}
          onChange={(e) => set('trackingNumber')(e.target.value)}
        />
        <FieldError id={`${id}-trackingNumber-error`} error={errors.trackingNumber} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-vendorNotes`}>
          Courier Notes
        </label>
        <textarea
          {...field('vendorNotes')}
          className="input input--textarea"
          rows={3}
          maxLength={1000}
          value={draft.vendorNotes}
          onChange={(e) => set('vendorNotes')(e.target.value)}
        />
        <FieldError id={`${id}-vendorNotes-error`} error={errors.vendorNotes} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-labelUrl`}>
          Label URL
        </label>
        <input
          {...field('labelUrl')}
          type="url"
          className="input"
          placeholder="https://"
          value={draft.labelUrl}
          onChange={(e) => set('labelUrl')(e.target.value)}
        />
        <FieldError id={`${id}-labelUrl-error`} error={errors.labelUrl} />
      </div>
      <div className="row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={save.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
