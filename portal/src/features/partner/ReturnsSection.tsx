import { formatMoney } from '@consign/shared/money';
import { countOf } from '@consign/shared/numbers';
import {
  MAX_RETURN_WINDOW_DAYS,
  MIN_RETURN_WINDOW_DAYS,
  RETURN_PAYMENT_DAYS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnPayer,
  type ReturnReason,
} from '@consign/shared/returns';
import { ORDER_STATUS_FACTS } from '@consign/shared/statuses';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FieldError, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { describeError, fieldErrorsOf, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { saveBlob } from '../../shared/orders/download';
import { paymentMessages } from '../../shared/payment/messages';
import { PaymentPanel, type PaymentTarget } from '../../shared/payment/PaymentPanel';
import { partnerApi, partnerKeys, type ReturnPolicy, type ReturnsPaymentCaptured } from './partner.api';
import { SectionError } from './SectionState';

/**
 * Returns of orders booked through the partner (docs/claims-and-returns.md, "Returns"): the policy
 * its shoppers' returns follow (window, reasons, who pays) and the returns booked so far.
 */
export function ReturnsSection() {
  const { apiClient } = useAuth();
  const policy = useQuery({
    queryKey: partnerKeys.returnPolicy(),
    queryFn: ({ signal }) => partnerApi.returnPolicy(apiClient, signal),
  });
  return (
    <section className="partner-section" aria-labelledby="partner-returns" id="returns">
      <h2 id="partner-returns">Returns</h2>
      {policy.isPending ? (
        <Spinner label="Loading your return policy" />
      ) : policy.isError ? (
        <SectionError message={describeError(policy.error)} onRetry={() => void policy.refetch()} />
      ) : (
        <PolicyForm key={JSON.stringify(policy.data)} policy={policy.data} />
      )}
      <OwedReturnsCard />
      <ReturnsList />
    </section>
  );
}

function PolicyForm({ policy }: { policy: ReturnPolicy }) {
  const id = useId();
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [windowDays, setWindowDays] = useState(String(policy.windowDays));
  const [reasons, setReasons] = useState<ReturnReason[]>(policy.reasons);
  const [payer, setPayer] = useState<ReturnPayer>(policy.payer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      partnerApi.saveReturnPolicy(apiClient, { windowDays: Number(windowDays), reasons, payer }),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerKeys.returnPolicy(), saved);
      toast.success('Return policy saved');
    },
    onError: (error) => {
      if (isApiError(error, 422)) setErrors(fieldErrorsOf(error));
      else toast.error(describeError(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const days = Number(windowDays);
    if (!Number.isInteger(days) || days < MIN_RETURN_WINDOW_DAYS || days > MAX_RETURN_WINDOW_DAYS)
      found.windowDays = `Enter a whole number of days from ${MIN_RETURN_WINDOW_DAYS} to ${MAX_RETURN_WINDOW_DAYS}`;
    if (reasons.length === 0) found.reasons = 'Offer at least one reason';
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  const toggle = (reason: ReturnReason, on: boolean) =>
    setReasons((list) => RETURN_REASONS.filter((r) => (r === reason ? on : list.includes(r))));

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label="Return policy">
      {policy.suspendedUntilPaid ? (
        <p className="alert alert--error" role="status">
          A return on your account is unpaid for more than {RETURN_PAYMENT_DAYS} days, so your shoppers pay
          for new returns until you pay what you owe below.
        </p>
      ) : null}
      <p className="muted">
        {policy.isDefault
          ? 'Your shoppers’ returns follow Consign’s default policy until you set your own: 30 days, every reason, the shopper pays.'
          : 'Your shoppers’ returns follow this policy. Returns start at /returns with the tracking code.'}
      </p>
      <TextField
        label="Return window (days after delivery)"
        type="number"
        inputMode="numeric"
        min={MIN_RETURN_WINDOW_DAYS}
        max={MAX_RETURN_WINDOW_DAYS}
        value={windowDays}
        onChange={(e) => setWindowDays(e.target.value)}
        error={errors.windowDays}
      />
      <fieldset className="stack" aria-describedby={errors.reasons ? `${id}-reasons-error` : undefined}>
        <legend className="field__label">Reasons you accept</legend>
        {RETURN_REASONS.map((reason) => (
          <label key={reason} className="checkbox">
            <input
              type="checkbox"
              checked={reasons.includes(reason)}
              onChange={(e) => toggle(reason, e.target.checked)}
            />{' '}
            {RETURN_REASON_LABELS[reason]}
          </label>
        ))}
        <FieldError id={`${id}-reasons-error`} error={errors.reasons} />
      </fieldset>
      <fieldset className="stack" aria-describedby={errors.payer ? `${id}-payer-error` : undefined}>
        <legend className="field__label">Who pays for the return label</legend>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-payer`}
            checked={payer === 'shopper'}
            onChange={() => setPayer('shopper')}
          />{' '}
          The shopper, when booking the return
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name={`${id}-payer`}
            checked={payer === 'partner'}
            onChange={() => setPayer('partner')}
          />{' '}
          We do: booked on our account, listed below with its price, paid here within {RETURN_PAYMENT_DAYS}{' '}
          days
        </label>
        <FieldError id={`${id}-payer-error`} error={errors.payer} />
      </fieldset>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? <Spinner label="Saving the return policy" /> : 'Save return policy'}
      </button>
    </form>
  );
}

const PARTNER_PAYMENT_WORDS = {
  owed: 'on your account, to pay',
  paid: 'on your account, paid',
  not_owed: 'cancelled before you paid: nothing to pay',
} as const;

function ReturnsList() {
  const { apiClient } = useAuth();
  const returns = useInfiniteQuery({
    queryKey: partnerKeys.returns(),
    queryFn: ({ pageParam, signal }) => partnerApi.returns(apiClient, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (returns.isPending) return <Spinner label="Loading returns" />;
  if (returns.isError)
    return <SectionError message={describeError(returns.error)} onRetry={() => void returns.refetch()} />;
  const rows = returns.data.pages.flatMap((p) => p.items);
  if (rows.length === 0)
    return <p className="muted card">No returns yet. They appear here as your shoppers book them.</p>;
  return (
    <div className="card stack">
      <h3>Returns booked</h3>
      <ul className="stack" aria-label="Returns booked">
        {rows.map((r) => (
          <li key={r.id}>
            Return {r.returnReference} of order {r.originalReference}: {RETURN_REASON_LABELS[r.reason]}.{' '}
            {ORDER_STATUS_FACTS[r.status].label}, {formatMoney(r.price.amount, r.price.currency)}{' '}
            {r.partnerPayment ? PARTNER_PAYMENT_WORDS[r.partnerPayment] : 'paid by the shopper'},{' '}
            {formatDateTime(r.createdAt)}
          </li>
        ))}
      </ul>
      {returns.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void returns.fetchNextPage()}
          disabled={returns.isFetchingNextPage}
        >
          {returns.isFetchingNextPage ? <Spinner label="Loading more returns" /> : 'Load more returns'}
        </button>
      ) : null}
    </div>
  );
}

/** What the return params of the payment provider's way back add to the partner area's address. */
const RETURN_PARAMS = ['returns', 'approved', 'cancelled', 'token', 'PayerID'];

/**
 * What the shop owes for returns booked on its account, and one payment for all of it through the
 * usual payment panel (TEST MODE or PayPal); the provider sends the browser back with `approved=1`.
 */
function OwedReturnsCard() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const approved = params.has('returns') && params.get('approved') === '1';
  const cancelled = params.has('returns') && params.get('cancelled') === '1';
  const [paid, setPaid] = useState<ReturnsPaymentCaptured['charge'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const owed = useQuery({
    queryKey: partnerKeys.owedReturns(),
    queryFn: ({ signal }) => partnerApi.owedReturns(apiClient, signal),
  });

  const dropReturnParams = useCallback(
    () =>
      setParams(
        (p) => {
          for (const name of RETURN_PARAMS) p.delete(name);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!cancelled) return;
    toast.info(paymentMessages.cancelled);
    dropReturnParams();
  }, [cancelled, dropReturnParams]);

  type Captured = Awaited<ReturnType<typeof partnerApi.captureReturnsPayment>>;
  const target: PaymentTarget<Captured> = {
    kind: 'partner-returns',
    id: 'owed',
    currency: owed.data?.total.currency ?? 'GBP',
    start: () => partnerApi.startReturnsPayment(apiClient),
    capture: () => partnerApi.captureReturnsPayment(apiClient),
    stillAwaiting: (result) => result.held,
    onPaid: (result) => {
      queryClient.setQueryData(partnerKeys.owedReturns(), result.owed);
      setPaid(result.charge);
      dropReturnParams();
    },
  };

  async function downloadReceipt(chargeId: string) {
    setDownloading(true);
    try {
      const { blob, filename } = await partnerApi.returnsReceipt(apiClient, chargeId);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setDownloading(false);
    }
  }

  if (owed.isPending) return <Spinner label="Loading what you owe for returns" />;
  if (owed.isError)
    return <SectionError message={describeError(owed.error)} onRetry={() => void owed.refetch()} />;
  const data = owed.data;
  return (
    <section className="card stack" aria-labelledby="partner-returns-owed" aria-busy={busy}>
      <h3 id="partner-returns-owed">To pay for returns</h3>
      {paid ? (
        <div className="alert alert--success stack" role="status">
          <p>
            Paid {formatMoney(paid.amount.amount, paid.amount.currency)} for{' '}
            {countOf(paid.returnCount, 'return')}
            {paid.receiptNumber ? `: receipt ${paid.receiptNumber}, also emailed to you.` : '.'}
          </p>
          {paid.receiptNumber ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void downloadReceipt(paid.id)}
              disabled={downloading}
            >
              {downloading ? (
                <Spinner label="Downloading the receipt" />
              ) : (
                `Download receipt ${paid.receiptNumber}`
              )}
            </button>
          ) : null}
        </div>
      ) : null}
      {data.count === 0 && !approved ? (
        <p className="muted">Nothing to pay: every return booked on your account is paid for.</p>
      ) : null}
      {data.count > 0 ? (
        <>
          <p>
            You owe <strong>{formatMoney(data.total.amount, data.total.currency)}</strong> for{' '}
            {countOf(data.count, 'return')} booked on your account
            {data.dueBy ? `, due by ${formatDateTime(data.dueBy)}` : ''}.
          </p>
          {data.overdue ? (
            <p className="alert alert--error" role="status">
              Overdue: your shoppers pay for new returns until you pay.
            </p>
          ) : null}
          <ul className="stack" aria-label="Returns to pay for">
            {data.items.map((item) => (
              <li key={item.returnOrderId}>
                Return {item.returnReference} of order {item.originalReference} by {item.courier}:{' '}
                {formatMoney(item.price.amount, item.price.currency)}, booked {formatDateTime(item.createdAt)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.count > 0 || approved ? (
        <PaymentPanel target={target} approved={approved} onBusyChange={setBusy} />
      ) : null}
    </section>
  );
}
