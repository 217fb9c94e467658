import { calendarOf, collectionDateProblem } from '@consign/shared/collection-days';
import { formatMoney } from '@consign/shared/money';
import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '@consign/shared/returns';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SelectField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { describeError, fieldErrorsOf, isApiError, publicClient } from '../../shared/api/client';
import { useCollectionDays } from '../../shared/api/meta';
import { type ReturnDraft, returnsApi } from '../../shared/api/returns';
import { useAuthDialogs } from '../../shared/auth/AuthDialogs';
import { useAuth } from '../../shared/auth/auth';
import './returns.css';

const REASONS = RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }));

/**
 * `/returns`: a recipient sends a delivered parcel back (docs/claims-and-returns.md, "Returns").
 * No account to start: the tracking code, the delivery postcode and a reason give the quotes for
 * the reverse route; signing in or up comes only to book, then the usual payment and the label.
 */
export function ReturnsPage() {
  usePageTitle('Return a parcel');
  const [draft, setDraft] = useState<ReturnDraft | null>(null);
  return (
    <section className="container page returns">
      <h1>Return a parcel</h1>
      {draft ? (
        <ReturnQuotes draft={draft} onRestart={() => setDraft(null)} />
      ) : (
        <>
          <p className="lead">
            Send a delivered parcel back to its sender. Enter the tracking code from the label or the email,
            and the postcode it was delivered to. You do not need an account to see the prices.
          </p>
          <StartForm onDraft={setDraft} />
        </>
      )}
    </section>
  );
}

function StartForm({ onDraft }: { onDraft: (draft: ReturnDraft) => void }) {
  const [params] = useSearchParams();
  const [trackingCode, setTrackingCode] = useState(params.get('code') ?? '');
  const [postcode, setPostcode] = useState('');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useMutation({
    mutationFn: () =>
      returnsApi.start(publicClient, { trackingCode, postcode, reason: reason as ReturnReason }),
    onSuccess: onDraft,
    onError: (error) => {
      if (isApiError(error, 404)) {
        const message = describeError(error);
        setErrors({ trackingCode: message, postcode: 'Check the postcode the parcel was delivered to' });
      } else setErrors(fieldErrorsOf(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!trackingCode.trim()) found.trackingCode = 'Enter the tracking code';
    if (!postcode.trim()) found.postcode = 'Enter the delivery postcode';
    if (!reason) found.reason = 'Choose why you are returning it';
    setErrors(found);
    if (Object.keys(found).length === 0) start.mutate();
  }

  // A refusal that is not about one field (a return already booked, too many tries) shows above the button.
  const formError = start.isError && Object.keys(errors).length === 0 ? describeError(start.error) : null;
  return (
    <form className="card stack returns__form" onSubmit={submit} noValidate aria-label="Start a return">
      <TextField
        label="Tracking code"
        value={trackingCode}
        onChange={(e) => setTrackingCode(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        placeholder="K7P3 XQ9M HT2W"
        hint="12 letters and numbers; spaces and capitals do not matter."
        error={errors.trackingCode}
      />
      <TextField
        label="Delivery postcode"
        value={postcode}
        onChange={(e) => setPostcode(e.target.value)}
        autoComplete="postal-code"
        maxLength={10}
        placeholder="EH1 1AA"
        error={errors.postcode}
      />
      <SelectField
        label="Why are you returning it?"
        value={reason}
        onChange={(e) => setReason(e.target.value as ReturnReason)}
        error={errors.reason}
      >
        <option value="">Choose a reason</option>
        {REASONS.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </SelectField>
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={start.isPending}>
        {start.isPending ? <Spinner size="sm" label="Checking the parcel" /> : 'See return prices'}
      </button>
    </form>
  );
}

function ReturnQuotes({ draft, onRestart }: { draft: ReturnDraft; onRestart: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const { user, apiClient } = useAuth();
  const { openSignIn } = useAuthDialogs();
  const options = draft.quote.options;
  const [optionId, setOptionId] = useState(options[0]?.id ?? '');
  const [collectionDate, setCollectionDate] = useState(draft.quote.collectionDate);
  // The same calendar and rule as the booking form: stated under the field, checked on submit.
  const { data: collectionDays } = useCollectionDays();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const partnerPays = draft.policy.payer === 'partner';
  const book = useMutation({
    mutationFn: () =>
      returnsApi.book(apiClient, { draft: draft.draft, quoteOptionId: optionId, collectionDate }),
    onSuccess: (booked) => {
      const order = encodeURIComponent(booked.returnOrderId);
      navigate(
        booked.status === 'awaiting_payment'
          ? `/payment?order=${order}`
          : `/booking-confirmation?order=${order}`,
      );
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  // Signing in opens a dialog over this page: once it closes signed in, the booking goes on.
  const waitingForSignIn = useRef(false);
  useEffect(() => {
    if (user && waitingForSignIn.current) {
      waitingForSignIn.current = false;
      book.mutate();
    }
  }, [user, book]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!optionId) return setErrors({ quoteOptionId: 'Choose one of the prices' });
    if (!collectionDate) return setErrors({ collectionDate: 'Choose a collection date' });
    const dateProblem = collectionDays
      ? collectionDateProblem(collectionDate, calendarOf(collectionDays))
      : null;
    if (dateProblem) return setErrors({ collectionDate: dateProblem });
    setErrors({});
    if (!user) {
      waitingForSignIn.current = true;
      openSignIn();
      return;
    }
    book.mutate();
  }

  const formError = book.isError && Object.keys(errors).length === 0 ? describeError(book.error) : null;
  const { original, policy } = draft;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby={`${id}-route`}>
        <h2 id={`${id}-route`}>Your return</h2>
        <dl className="meta-list">
          <dt>Parcel</dt>
          <dd>
            Order {original.reference} by {original.courier}, delivered {formatDateTime(original.deliveredAt)}
          </dd>
          <dt>From</dt>
          <dd>
            {original.from.town} {original.from.postcodeDistrict ?? ''}
          </dd>
          <dt>Back to</dt>
          <dd>
            {original.to.town} {original.to.postcodeDistrict ?? ''}
          </dd>
          <dt>Reason</dt>
          <dd>{RETURN_REASON_LABELS[draft.reason]}</dd>
          <dt>Return by</dt>
          <dd>{formatLongDate(draft.windowEndsAt.slice(0, 10))}</dd>
        </dl>
        <p>
          {partnerPays
            ? 'The shop pays for this return: you pay nothing.'
            : 'You pay for the return label, like any booking.'}{' '}
          {policy.isDefault
            ? `Consign’s returns policy: ${policy.windowDays} days after delivery.`
            : `The shop’s returns policy: ${policy.windowDays} days after delivery.`}
        </p>
        <p>
          <button type="button" className="button button--link" onClick={onRestart}>
            Start again
          </button>
        </p>
      </section>

      <form className="card stack" onSubmit={submit} noValidate aria-labelledby={`${id}-prices`}>
        <h2 id={`${id}-prices`}>Prices for the return</h2>
        {options.length === 0 ? (
          <p className="muted" role="status">
            No courier can carry this return right now. Please try again later or{' '}
            <Link to="/contact">contact us</Link>.
          </p>
        ) : (
          <fieldset
            className="returns__options"
            aria-describedby={errors.quoteOptionId ? `${id}-option-error` : undefined}
          >
            <legend className="visually-hidden">Choose a courier</legend>
            {options.map((option) => (
              <label key={option.id} className="card returns__option">
                <input
                  type="radio"
                  name="option"
                  value={option.id}
                  checked={optionId === option.id}
                  onChange={() => setOptionId(option.id)}
                />
                <span className="returns__option-text">
                  <strong>{option.courierService.name}</strong> by {option.vendor.name}
                  <span className="muted">
                    {option.estimatedDelivery
                      ? ` Delivered by ${formatLongDate(option.estimatedDelivery)}`
                      : ''}
                  </span>
                </span>
                <strong className="returns__price">
                  {partnerPays ? 'Paid by the shop' : formatMoney(option.price.total, option.price.currency)}
                </strong>
              </label>
            ))}
            {errors.quoteOptionId ? (
              <p className="field__error" id={`${id}-option-error`} role="alert">
                {errors.quoteOptionId}
              </p>
            ) : null}
          </fieldset>
        )}
        <TextField
          label="Collection date"
          type="date"
          value={collectionDate}
          min={draft.quote.collectionDate}
          max={collectionDays?.latest}
          hint={collectionDays?.hint}
          onChange={(e) => setCollectionDate(e.target.value)}
          error={errors.collectionDate}
        />
        {errors.draft ? (
          <p className="field__error" role="alert">
            {errors.draft}
          </p>
        ) : null}
        {formError ? (
          <p className="field__error" role="alert">
            {formError}
          </p>
        ) : null}
        {user ? null : (
          <p className="muted">Sign in or create an account to book: it keeps your label and tracking.</p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={options.length === 0 || book.isPending}
        >
          {book.isPending ? (
            <Spinner size="sm" label="Booking the return" />
          ) : user ? (
            partnerPays ? (
              'Book the return'
            ) : (
              'Book and pay'
            )
          ) : (
            'Sign in to book'
          )}
        </button>
      </form>
    </div>
  );
}
