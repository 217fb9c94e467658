/**
 * A courier's weight or size adjustment on a customer's order (docs/claims-and-returns.md,
 * "Adjustments"): the booked and measured figures, the two prices and the difference, and while
 * it waits for the customer the two answers: accept and pay, or dispute with a reason.
 */

import { formatMoney } from '@consign/shared/money';
import { ADJUSTMENT_STATUS_FACTS } from '@consign/shared/statuses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { TextAreaField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { describeParcel, formatKg } from '../../lib/format';
import { type Adjustment, adjustmentKeys, adjustmentsApi } from '../api/adjustments';
import { describeError, fieldErrorsOf } from '../api/client';
import { type OrderDetail, orderKeys } from '../api/orders';
import { useAuth } from '../auth/auth';
import { Section } from './OrderParts';

/** Where the customer pays an accepted or upheld adjustment (PaymentPage). */
export const adjustmentPaymentPath = (a: Pick<Adjustment, 'id' | 'orderId'>) =>
  `/payment?adjustment=${encodeURIComponent(a.id)}&on=${encodeURIComponent(a.orderId)}`;

const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency);

/** Only a collected parcel can have been measured: other orders have no adjustments to ask for. */
export const mayHaveAdjustments = (order: Pick<OrderDetail, 'status'>) =>
  order.status === 'in_transit' || order.status === 'delivered';

export function OrderAdjustments({ order }: { order: Pick<OrderDetail, 'id' | 'status'> }) {
  const { apiClient } = useAuth();
  const orderId = order.id;
  const adjustments = useQuery({
    queryKey: adjustmentKeys.ofOrder(orderId),
    queryFn: ({ signal }) => adjustmentsApi.ofOrder(apiClient, orderId, signal),
    enabled: mayHaveAdjustments(order),
  });
  if (
    !mayHaveAdjustments(order) ||
    adjustments.isPending ||
    (adjustments.isSuccess && adjustments.data.length === 0)
  )
    return null;
  return (
    <Section title="Price adjustment">
      {adjustments.isError ? (
        <p className="alert alert--error" role="alert">
          {describeError(adjustments.error)}
        </p>
      ) : (
        <div className="stack">
          {adjustments.data.map((a) => (
            <div key={a.id} className="stack">
              <AdjustmentCard adjustment={a} viewer="customer" />
              {a.status === 'awaiting_customer' ? <CustomerAnswer adjustment={a} /> : null}
              {a.payable ? (
                <div>
                  <PayLink adjustment={a} />
                </div>
              ) : null}
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

const WHERE: Record<Adjustment['status'], Record<'customer' | 'courier', string>> = {
  awaiting_customer: {
    customer:
      'The courier measured your parcel heavier or larger than booked. Nothing is charged unless you accept: accept and pay the difference, or dispute it and Consign staff decide.',
    courier: 'Waiting for the customer to accept or dispute it. Nothing is charged until then.',
  },
  accepted: {
    customer: 'You accepted this adjustment: the difference is due.',
    courier: 'The customer accepted and is paying the difference.',
  },
  disputed: {
    customer:
      'You disputed this adjustment. Consign staff will decide it and email you; nothing is charged meanwhile.',
    courier: 'The customer disputed it: Consign staff will decide.',
  },
  upheld: {
    customer: 'Consign staff upheld this adjustment: the difference is due.',
    courier: 'Consign staff upheld it: the customer owes the difference.',
  },
  overturned: {
    customer: 'Consign staff overturned this adjustment: you pay nothing more.',
    courier: 'Consign staff overturned it: nothing is charged.',
  },
  paid: {
    customer: 'You paid the difference. Thank you.',
    courier: 'The customer paid the difference; it is in your earnings.',
  },
};

/** One adjustment's figures and where it stands, as its customer or its courier reads it. */
export function AdjustmentCard({
  adjustment: a,
  viewer,
}: {
  adjustment: Adjustment;
  viewer: 'customer' | 'courier';
}) {
  const facts = ADJUSTMENT_STATUS_FACTS[a.status];
  return (
    <article className="claim-card adjustment-card" aria-label={`Price adjustment ${a.reference}`}>
      <p>
        <strong>Adjustment {a.reference}</strong>{' '}
        <span className={`status-badge status-badge--${facts.tone}`}>{facts.label}</span>
      </p>
      <p
        className={a.status === 'awaiting_customer' && viewer === 'customer' ? 'alert alert--info' : 'muted'}
      >
        {WHERE[a.status][viewer]}
      </p>
      <dl className="meta-list">
        <dt>Booked</dt>
        <dd>
          {a.bookedParcels.map(describeParcel).join('; ')} ({formatKg(a.bookedChargeableKg)} chargeable)
        </dd>
        <dt>Measured</dt>
        <dd>
          {a.measuredParcels.map(describeParcel).join('; ')} ({formatKg(a.measuredChargeableKg)} chargeable)
        </dd>
        <dt>Price booked</dt>
        <dd>{money(a.bookedPrice)}</dd>
        <dt>Price as measured</dt>
        <dd>{money(a.adjustedPrice)}</dd>
        <dt>Difference</dt>
        <dd>
          <strong>{money(a.difference)}</strong>
        </dd>
        {a.note ? (
          <>
            <dt>Courier’s note</dt>
            <dd>{a.note}</dd>
          </>
        ) : null}
        {a.disputeReason ? (
          <>
            <dt>{viewer === 'customer' ? 'Your reason' : 'Customer’s reason'}</dt>
            <dd>{a.disputeReason}</dd>
          </>
        ) : null}
        {a.staffNote ? (
          <>
            <dt>Consign’s decision</dt>
            <dd>{a.staffNote}</dd>
          </>
        ) : null}
      </dl>
      {a.photos.length > 0 ? (
        <ul className="claim-photos" aria-label="The courier’s photos">
          {a.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={`The courier’s photo ${i + 1}`} width={64} height={64} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function PayLink({ adjustment }: { adjustment: Adjustment }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={() => navigate(adjustmentPaymentPath(adjustment))}
    >
      Pay {money(adjustment.difference)}
    </button>
  );
}

function CustomerAnswer({ adjustment }: { adjustment: Adjustment }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [disputing, setDisputing] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: adjustmentKeys.ofOrder(adjustment.orderId) });
    await queryClient.invalidateQueries({ queryKey: orderKeys.detail(adjustment.orderId) });
  };
  const accept = useMutation({
    mutationFn: () => adjustmentsApi.accept(apiClient, adjustment.orderId, adjustment.id),
    onSuccess: async () => {
      await refresh();
      navigate(adjustmentPaymentPath(adjustment));
    },
    onError: (error) => toast.error(describeError(error)),
  });
  if (disputing) return <DisputeForm adjustment={adjustment} onDone={() => setDisputing(false)} />;
  return (
    <div className="row adjustment-actions">
      <button
        type="button"
        className="button button--primary"
        onClick={() => accept.mutate()}
        disabled={accept.isPending}
      >
        {accept.isPending ? <Spinner label="Accepting" /> : `Accept and pay ${money(adjustment.difference)}`}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => setDisputing(true)}
        disabled={accept.isPending}
      >
        Dispute
      </button>
    </div>
  );
}

function DisputeForm({ adjustment, onDone }: { adjustment: Adjustment; onDone: () => void }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const dispute = useMutation({
    mutationFn: () => adjustmentsApi.dispute(apiClient, adjustment.orderId, adjustment.id, reason),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adjustmentKeys.ofOrder(adjustment.orderId) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(adjustment.orderId) });
      toast.success('Dispute sent: Consign staff will decide');
      onDone();
    },
    onError: (e) => setError(fieldErrorsOf(e).reason ?? describeError(e)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 10) {
      setError('Say why you dispute it in at least 10 characters');
      return;
    }
    dispute.mutate();
  }
  return (
    <form className="stack claim-form" onSubmit={submit} noValidate aria-label="Dispute the adjustment">
      <TextAreaField
        ref={field}
        label="Why you dispute it"
        hint="For example the weight and size you measured before booking. Consign staff read it and decide."
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(undefined);
        }}
        error={error}
        maxLength={2000}
        rows={4}
      />
      <div className="row">
        <button type="submit" className="button button--primary" disabled={dispute.isPending}>
          {dispute.isPending ? <Spinner label="Sending the dispute" /> : 'Send dispute'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onDone}
          disabled={dispute.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
