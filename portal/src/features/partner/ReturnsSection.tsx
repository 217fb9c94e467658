import { formatMoney } from '@consign/shared/money';
import {
  MAX_RETURN_WINDOW_DAYS,
  MIN_RETURN_WINDOW_DAYS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnPayer,
  type ReturnReason,
} from '@consign/shared/returns';
import { ORDER_STATUS_FACTS } from '@consign/shared/statuses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { FieldError, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { describeError, fieldErrorsOf, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { partnerApi, partnerKeys, type ReturnPolicy } from './partner.api';
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
          We do: booked on our account, listed below with its price
        </label>
        <FieldError id={`${id}-payer-error`} error={errors.payer} />
      </fieldset>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? <Spinner label="Saving the return policy" /> : 'Save return policy'}
      </button>
    </form>
  );
}

function ReturnsList() {
  const { apiClient } = useAuth();
  const returns = useQuery({
    queryKey: partnerKeys.returns(),
    queryFn: ({ signal }) => partnerApi.returns(apiClient, signal),
  });
  if (returns.isPending) return <Spinner label="Loading returns" />;
  if (returns.isError)
    return <SectionError message={describeError(returns.error)} onRetry={() => void returns.refetch()} />;
  if (returns.data.length === 0)
    return <p className="muted card">No returns yet. They appear here as your shoppers book them.</p>;
  return (
    <div className="card">
      <ul className="stack" aria-label="Returns booked">
        {returns.data.map((r) => (
          <li key={r.id}>
            Return {r.returnReference} of order {r.originalReference}: {RETURN_REASON_LABELS[r.reason]}.{' '}
            {ORDER_STATUS_FACTS[r.status].label}, {formatMoney(r.price.amount, r.price.currency)}{' '}
            {r.payer === 'partner' ? 'on your account' : 'paid by the shopper'}, {formatDateTime(r.createdAt)}
          </li>
        ))}
      </ul>
    </div>
  );
}
