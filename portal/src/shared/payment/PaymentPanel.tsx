import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { ApiError, describeError, NETWORK_ERROR_STATUS } from '../api/client';
import { useAuthMeta } from '../api/meta';
import type { PaymentSession } from '../api/orders';
import { FOR_NEXT_PAGE } from '../toasts/pageToasts';
import { browser } from './browser';
import { paymentMessages } from './messages';
import { PayPalCheckout } from './PayPalCheckout';

/**
 * What is being paid: an order, a job's asking price, an adjustment's difference, a batch's
 * ready rows, or the returns a partner owes. All follow the same two calls.
 */
export interface PaymentTarget<T> {
  kind: 'order' | 'job' | 'adjustment' | 'batch' | 'partner-returns';
  id: string;
  currency: string;
  start: () => Promise<PaymentSession>;
  capture: () => Promise<T>;
  /** True when the capture answered 202: the provider holds the payment for review. */
  stillAwaiting: (result: T) => boolean;
  onPaid: (result: T) => void;
}

/** The cached lists a capture changes. */
const QUERY_ROOT = {
  order: 'orders',
  job: 'jobs',
  adjustment: 'adjustments',
  batch: 'batches',
  'partner-returns': 'partner',
} as const;

/** One capture per subject at a time across remounts (React's StrictMode runs effects twice). */
const inflight = new Map<string, Promise<unknown>>();

function captureOnce<T>(key: string, run: () => Promise<T>): Promise<T> {
  let promise = inflight.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run().finally(() => inflight.delete(key));
    inflight.set(key, promise);
  }
  return promise;
}

function captureFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === NETWORK_ERROR_STATUS || error.status >= 500)) {
    return paymentMessages.providerError;
  }
  return paymentMessages.captureFailed;
}

interface PaymentPanelProps<T> {
  target: PaymentTarget<T>;
  /** Back from the approval page with `approved=1`: capture straight away. */
  approved: boolean;
  onBusyChange: (busy: boolean) => void;
}

export function PaymentPanel<T>({ target, approved, onBusyChange }: PaymentPanelProps<T>) {
  const meta = useAuthMeta();
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const [phase, setPhase] = useState<'idle' | 'starting' | 'redirecting' | 'capturing' | 'review'>(
    approved ? 'capturing' : 'idle',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const targetRef = useRef(target);
  targetRef.current = target;

  useEffect(() => onBusyChange(phase !== 'idle' && phase !== 'review'), [phase, onBusyChange]);

  async function capture(): Promise<void> {
    const current = targetRef.current;
    setPhase('capturing');
    setProblem(null);
    try {
      const result = await captureOnce(`${current.kind}:${current.id}`, current.capture);
      await queryClient.invalidateQueries({ queryKey: [QUERY_ROOT[current.kind]] });
      if (current.stillAwaiting(result)) {
        setPhase('review');
        return;
      }
      // onPaid moves on to the confirmation: the toast belongs there.
      toast.success(paymentMessages.success, FOR_NEXT_PAGE);
      current.onPaid(result);
    } catch (error) {
      const message = captureFailureMessage(error);
      toast.error(message);
      setProblem(error instanceof ApiError && error.problem.detail ? error.problem.detail : message);
      setPhase('idle');
      // Without `approved=1` a reload shows the pay button instead of capturing again.
      setParams(
        (params) => {
          params.delete('approved');
          params.delete('token');
          return params;
        },
        { replace: true },
      );
      throw error;
    }
  }

  const captureRef = useRef(capture);
  captureRef.current = capture;

  // Returning from the approval page: take the payment without another click.
  useEffect(() => {
    if (!approved) return;
    void captureRef.current().catch(() => undefined);
  }, [approved]);

  async function payWithTestProvider() {
    setPhase('starting');
    setProblem(null);
    try {
      const session = await target.start();
      if (!session.approveUrl) {
        toast.error(paymentMessages.noApprovalLink);
        setPhase('idle');
        return;
      }
      setPhase('redirecting');
      browser.assign(session.approveUrl);
    } catch (error) {
      toast.error(paymentMessages.providerError);
      setProblem(describeError(error));
      setPhase('idle');
    }
  }

  const provider = meta.data?.paymentsProvider;
  return (
    <div className="stack">
      {phase === 'capturing' ? (
        <div className="payment-panel__state" role="status">
          <Spinner size="md" />
          <p>Confirming your payment…</p>
        </div>
      ) : null}
      {phase === 'review' ? (
        <div className="alert alert--info" role="status">
          The payment provider is reviewing your payment. We will email you as soon as it is complete; you can
          follow it on your dashboard.
        </div>
      ) : null}
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      {phase === 'review' ? null : meta.isPending ? (
        <Spinner label="Loading payment options" size="md" />
      ) : provider === 'paypal' ? (
        // Stays mounted while capturing: PayPal's buttons own the approval window.
        <div inert={phase === 'capturing' ? true : undefined}>
          <PayPalCheckout currency={target.currency} start={target.start} onApprove={() => capture()} />
        </div>
      ) : phase === 'capturing' ? null : (
        <div className="test-pay">
          <p className="test-pay__badge" role="note">
            TEST MODE: no real money moves
          </p>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={payWithTestProvider}
            disabled={phase !== 'idle'}
          >
            {phase === 'idle' ? (
              'Pay with the TEST MODE provider'
            ) : (
              <>
                <Spinner /> Opening the approval page…
              </>
            )}
          </button>
        </div>
      )}
    </div>
  );
}
