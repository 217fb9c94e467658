import { formatMoney } from '@consign/shared/money';
import { countOf } from '@consign/shared/numbers';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '../../shared/auth/auth';
import { paymentMessages } from '../../shared/payment/messages';
import { PaymentPanel, type PaymentTarget } from '../../shared/payment/PaymentPanel';
import { type Batch, batchesApi, batchKeys } from './batches-api';

type Captured = Awaited<ReturnType<typeof batchesApi.capture>>;

/** What the payment provider's return and cancel links add to the batch page's address. */
const RETURN_PARAMS = ['batch', 'approved', 'cancelled', 'token', 'PayerID'];

function withoutReturnParams(params: URLSearchParams): URLSearchParams {
  for (const name of RETURN_PARAMS) params.delete(name);
  return params;
}

/**
 * One payment for the batch's ready rows, through the same panel as an order's (TEST MODE or
 * PayPal). The provider sends the browser back here with `approved=1`: the panel then takes the
 * payment, and every paid row becomes an order.
 */
export function BatchPayment({ batch }: { batch: Batch }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const approved = params.get('approved') === '1';
  const cancelled = params.get('cancelled') === '1';
  const [, setBusy] = useState(false);

  useEffect(() => {
    if (!cancelled) return;
    toast.info(paymentMessages.cancelled);
    setParams(withoutReturnParams, { replace: true });
  }, [cancelled, setParams]);

  const target: PaymentTarget<Captured> = {
    kind: 'batch',
    id: batch.id,
    currency: batch.payable.currency,
    start: () => batchesApi.startPayment(apiClient, batch.id),
    capture: () => batchesApi.capture(apiClient, batch.id),
    stillAwaiting: (result) => result.held,
    onPaid: (result) => {
      queryClient.setQueryData(batchKeys.one(batch.id), result.batch);
      setParams(withoutReturnParams, { replace: true });
    },
  };

  const ready = batch.counts.valid;
  const leftOut = batch.counts.invalid + batch.counts.dropped;
  return (
    <section className="card batches-pay" aria-labelledby="batch-pay-heading">
      <h2 id="batch-pay-heading">Pay for the ready rows</h2>
      {ready > 0 ? (
        <p>
          {countOf(ready, 'ready row')}:{' '}
          <strong>{formatMoney(batch.payable.amount, batch.payable.currency)}</strong>, one payment.
          {leftOut > 0 ? ` ${countOf(leftOut, 'other row')} left out, to fix and pay later.` : null}
        </p>
      ) : approved ? null : (
        <p className="muted">
          {batch.counts.booked + batch.counts.paid > 0
            ? 'Every ready row is paid for. Rows you fix or retry can be paid for here later.'
            : 'No row is ready to pay yet: fix a row, or restore a dropped one.'}
        </p>
      )}
      {ready > 0 || approved ? (
        <PaymentPanel target={target} approved={approved} onBusyChange={setBusy} />
      ) : null}
    </section>
  );
}
