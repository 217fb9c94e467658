import { formatMoney } from '@consign/shared/money';
import { serviceTypeLabel } from '@consign/shared/services';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeParcel, formatDateTime, formatKg, formatLongDate } from '../../lib/format';
import { type Adjustment, adjustmentKeys, adjustmentsApi } from '../../shared/api/adjustments';
import { countryName, describeRoute } from '../../shared/api/booking';
import { describeError } from '../../shared/api/client';
import { type Job, jobKeys, jobsApi } from '../../shared/api/jobs';
import { useAuthMeta, useReferenceData } from '../../shared/api/meta';
import { newIdempotencyKey, type OrderDetail, orderKeys, ordersApi } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { RequireSignIn } from '../../shared/auth/RequireSignIn';
import { clearDraft } from '../../shared/booking-form/draft';
import { Stepper } from '../../shared/booking-form/Stepper';
import { PaymentPanel, type PaymentTarget } from '../../shared/payment/PaymentPanel';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';
import { jobSteps, orderSteps, type PaymentsProvider } from './howToPay';
import '../../shared/booking-form/booking.css';
import './payment.css';

/**
 * Step 3 of 3, `/payment?order=<id>`; also `/payment?job=<id>` for a posted job's asking price,
 * and `/payment?adjustment=<id>&on=<order id>` for a price adjustment's difference.
 * The providers send the buyer back here with `approved=1`, and the payment is captured.
 */
export function PaymentPage() {
  usePageTitle('Confirm your Payment');
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const jobId = params.get('job');
  const adjustmentId = params.get('adjustment');
  const adjustmentOrder = params.get('on');
  const approved = params.get('approved') === '1';
  return (
    <RequireSignIn what="the payment page">
      {adjustmentId && adjustmentOrder ? (
        <AdjustmentPayment id={adjustmentId} orderId={adjustmentOrder} approved={approved} />
      ) : orderId ? (
        <OrderPayment id={orderId} approved={approved} />
      ) : jobId ? (
        <JobPayment id={jobId} approved={approved} />
      ) : (
        <Message title="Nothing to pay">
          There is no order to pay here. Your orders are on your dashboard.
        </Message>
      )}
    </RequireSignIn>
  );
}

function Message({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="container page narrow">
      <div className="card empty-state">
        <h1>{title}</h1>
        <p className="muted">{children}</p>
        <div className="row row--center">
          {actions ?? (
            <Link to="/dashboard" className="button button--primary">
              Go to Dashboard
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

function Loading() {
  return (
    <div className="page-state">
      <Spinner size="lg" label="Loading your payment" />
    </div>
  );
}

function OrderPayment({ id, approved }: { id: string; approved: boolean }) {
  const { apiClient } = useAuth();
  const navigate = useNavigate();
  const reference = useReferenceData();
  const [busy, setBusy] = useState(false);
  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(apiClient, id, signal),
  });

  const onPaid = useCallback(
    (paid: OrderDetail) => {
      clearDraft();
      navigate(`/booking-confirmation?order=${encodeURIComponent(paid.id)}`, { replace: true });
    },
    [navigate],
  );

  if (order.isPending) return <Loading />;
  if (order.isError) {
    return <Message title="Something Went Wrong">{describeError(order.error)}</Message>;
  }
  const o = order.data;
  if (o.status !== 'awaiting_payment' && !approved) {
    return o.status === 'cancelled' ? (
      <Message title="This order was cancelled">
        Order {o.reference} was cancelled and cannot be paid.
      </Message>
    ) : (
      <Message
        title="This order is paid"
        actions={
          <>
            <Link
              to={`/booking-confirmation?order=${encodeURIComponent(o.id)}`}
              className="button button--secondary"
            >
              View booking
            </Link>
            <Link to="/dashboard" className="button button--primary">
              Go to Dashboard
            </Link>
          </>
        }
      >
        Order {o.reference} has been paid already.
      </Message>
    );
  }

  // The price held for the quote's 30 minutes; past it the API refuses to start a payment.
  if (o.status === 'awaiting_payment' && !o.actions.pay && !approved) {
    return (
      <Message
        title="This price has expired"
        actions={
          <Link to="/" className="button button--primary">
            Get a new quote
          </Link>
        }
      >
        Order {o.reference} held its quoted price until {formatDateTime(o.payBy)} and can no longer be paid.
        Unpaid orders are cancelled an hour after that.
      </Message>
    );
  }

  const target: PaymentTarget<OrderDetail> = {
    kind: 'order',
    id: o.id,
    currency: o.price.currency,
    start: () => ordersApi.startPayment(apiClient, o.id, newIdempotencyKey()),
    capture: () => ordersApi.capture(apiClient, o.id, newIdempotencyKey()),
    stillAwaiting: (result) => result.status === 'awaiting_payment',
    onPaid,
  };
  const route = `${o.collectionAddress.town} → ${o.deliveryAddress.town}${
    o.serviceType === 'international' ? `, ${countryName(o.deliveryAddress.country, reference.data)}` : ''
  }`;

  return (
    <PaymentLayout
      step
      busy={busy}
      back={{ label: 'Back', onClick: () => navigate(-1) }}
      summary={
        <dl className="price-list payment-summary">
          <dt>Order</dt>
          <dd>{o.reference}</dd>
          <dt>Service</dt>
          <dd>
            {o.serviceName} ({serviceTypeLabel(o.serviceType)})
          </dd>
          <dt>Route</dt>
          <dd>{route}</dd>
          <dt>Collection</dt>
          <dd>{formatLongDate(o.collectionDate)}</dd>
          {o.payBy ? (
            <>
              <dt>Price held until</dt>
              <dd>{formatDateTime(o.payBy)}</dd>
            </>
          ) : null}
          <dt>Base price</dt>
          <dd>{formatMoney(o.price.net, o.price.currency)}</dd>
          <dt>Extended cover</dt>
          <dd>{o.coverAmount > 0 ? formatMoney(o.price.coverFee, 'GBP') : 'None'}</dd>
          <dt>VAT</dt>
          <dd>{formatMoney(o.price.vat, o.price.currency)}</dd>
          <dt className="price-list__total">Total</dt>
          <dd className="price-list__total">{formatMoney(o.price.total, o.price.currency)}</dd>
        </dl>
      }
    >
      <PaymentPanel target={target} approved={approved} onBusyChange={setBusy} />
    </PaymentLayout>
  );
}

function JobPayment({ id, approved }: { id: string; approved: boolean }) {
  const { apiClient } = useAuth();
  const navigate = useNavigate();
  const reference = useReferenceData();
  const [busy, setBusy] = useState(false);
  const job = useQuery({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => jobsApi.get(apiClient, id, signal),
  });

  const onPaid = useCallback(
    (paid: Job) => {
      toast.info(`Job ${paid.reference} is posted: couriers can now accept it`, FOR_NEXT_PAGE);
      navigate('/dashboard?tab=jobs', { replace: true });
    },
    [navigate],
  );

  if (job.isPending) return <Loading />;
  if (job.isError) return <Message title="Something Went Wrong">{describeError(job.error)}</Message>;
  const j = job.data;
  if (j.status !== 'awaiting_payment' && !approved) {
    return (
      <Message
        title={
          j.status === 'open' || j.status === 'accepted' ? 'This job is paid' : 'This job cannot be paid'
        }
        actions={
          <Link to="/dashboard?tab=jobs" className="button button--primary">
            See your jobs
          </Link>
        }
      >
        Job {j.reference} is {j.status.replace('_', ' ')}.
      </Message>
    );
  }

  const target: PaymentTarget<Job> = {
    kind: 'job',
    id: j.id,
    currency: j.askingPrice.currency,
    start: () => jobsApi.startPayment(apiClient, j.id, newIdempotencyKey()),
    capture: () => jobsApi.capture(apiClient, j.id, newIdempotencyKey()),
    stillAwaiting: (result) => result.status === 'awaiting_payment',
    onPaid,
  };

  return (
    <PaymentLayout
      title="Pay for your job"
      busy={busy}
      back={{ label: 'Back to dashboard', onClick: () => navigate('/dashboard?tab=jobs') }}
      summary={
        <dl className="price-list payment-summary">
          <dt>Job</dt>
          <dd>{j.reference}</dd>
          <dt>Service</dt>
          <dd>{serviceTypeLabel(j.serviceType)}</dd>
          <dt>Route</dt>
          <dd>{describeRoute({ serviceType: j.serviceType, ...j.route }, reference.data)}</dd>
          <dt>Parcels</dt>
          <dd>{j.parcels.map(describeParcel).join('; ')}</dd>
          <dt>Collection</dt>
          <dd>{formatLongDate(j.collectionDate)}</dd>
          <dt className="price-list__total">Your asking price</dt>
          <dd className="price-list__total">{formatMoney(j.askingPrice.amount, j.askingPrice.currency)}</dd>
        </dl>
      }
      steps={jobSteps}
    >
      <PaymentPanel target={target} approved={approved} onBusyChange={setBusy} />
    </PaymentLayout>
  );
}

function AdjustmentPayment({ id, orderId, approved }: { id: string; orderId: string; approved: boolean }) {
  const { apiClient } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const adjustments = useQuery({
    queryKey: adjustmentKeys.ofOrder(orderId),
    queryFn: ({ signal }) => adjustmentsApi.ofOrder(apiClient, orderId, signal),
  });

  const onPaid = useCallback(
    (paid: Adjustment) => {
      toast.info(`Adjustment ${paid.reference} is paid`, FOR_NEXT_PAGE);
      navigate('/dashboard', { replace: true });
    },
    [navigate],
  );

  if (adjustments.isPending) return <Loading />;
  if (adjustments.isError) {
    return <Message title="Something Went Wrong">{describeError(adjustments.error)}</Message>;
  }
  const a = adjustments.data.find((item) => item.id === id);
  if (!a) return <Message title="Nothing to pay">There is no such price adjustment on your orders.</Message>;
  if (!a.payable && !approved) {
    return (
      <Message title={a.status === 'paid' ? 'This adjustment is paid' : 'Nothing to pay yet'}>
        {a.status === 'paid'
          ? `Adjustment ${a.reference} on order ${a.orderReference} is paid.`
          : `Adjustment ${a.reference} on order ${a.orderReference} is ${a.status.replace('_', ' ')}: nothing is charged unless you accept it or Consign staff uphold it.`}
      </Message>
    );
  }

  const target: PaymentTarget<Adjustment> = {
    kind: 'adjustment',
    id: a.id,
    currency: a.difference.currency,
    start: () => adjustmentsApi.startPayment(apiClient, orderId, a.id),
    capture: () => adjustmentsApi.capture(apiClient, orderId, a.id),
    stillAwaiting: (result) => result.status !== 'paid',
    onPaid,
  };

  return (
    <PaymentLayout
      title="Pay the price adjustment"
      busy={busy}
      back={{ label: 'Back to dashboard', onClick: () => navigate('/dashboard') }}
      summary={
        <dl className="price-list payment-summary">
          <dt>Order</dt>
          <dd>{a.orderReference}</dd>
          <dt>Adjustment</dt>
          <dd>{a.reference}</dd>
          <dt>Chargeable weight</dt>
          <dd>
            {formatKg(a.bookedChargeableKg)} booked, {formatKg(a.measuredChargeableKg)} measured
          </dd>
          <dt>Price booked</dt>
          <dd>{formatMoney(a.bookedPrice.amount, a.bookedPrice.currency)}</dd>
          <dt>Price as measured</dt>
          <dd>{formatMoney(a.adjustedPrice.amount, a.adjustedPrice.currency)}</dd>
          <dt className="price-list__total">To pay</dt>
          <dd className="price-list__total">{formatMoney(a.difference.amount, a.difference.currency)}</dd>
        </dl>
      }
    >
      <PaymentPanel target={target} approved={approved} onBusyChange={setBusy} />
    </PaymentLayout>
  );
}

interface PaymentLayoutProps {
  title?: string;
  step?: boolean;
  busy: boolean;
  back: { label: string; onClick: () => void };
  summary: ReactNode;
  /** The how-to-pay steps for the provider in use (howToPay.ts). */
  steps?: (provider: PaymentsProvider) => string[];
  children: ReactNode;
}

function PaymentLayout({
  title = 'Confirm your Payment',
  step,
  busy,
  back,
  summary,
  steps = orderSteps,
  children,
}: PaymentLayoutProps) {
  const meta = useAuthMeta();
  // As the payment panel does, a failed meta request means the built-in provider's button.
  const provider = meta.data?.paymentsProvider ?? (meta.isError ? 'test' : undefined);
  return (
    <section className="container page booking payment" aria-busy={busy}>
      {step ? <Stepper current={3} /> : null}
      <header className="page-header row row--between">
        <h1>{title}</h1>
        <button type="button" className="button button--ghost" onClick={back.onClick} disabled={busy}>
          {back.label}
        </button>
      </header>
      <div className="booking__layout">
        <div className="stack">
          <div className="card">
            <h2 className="payment__heading">Order summary</h2>
            {summary}
          </div>
          <div className="card">
            <h2 className="payment__heading">How to pay</h2>
            {provider ? (
              <ol className="next-steps">
                {steps(provider).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ol>
            ) : (
              <Spinner label="Loading payment options" size="md" />
            )}
          </div>
        </div>
        <aside className="card stack payment__pay" aria-labelledby="pay-title">
          <h2 id="pay-title" className="payment__heading">
            Pay securely
          </h2>
          {children}
          <p className="payment__security">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <rect
                x="5"
                y="11"
                width="14"
                height="10"
                rx="2"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
              <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>
              Your payment is handled by the payment provider over an encrypted connection. Consign never sees
              or stores your card details.
            </span>
          </p>
        </aside>
      </div>
    </section>
  );
}
