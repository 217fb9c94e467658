/**
 * Claims on a customer's order (docs/claims-and-returns.md): each claim with where it stands and
 * how it is paid (a refund of the payment, and beyond it a PayPal payout to the email the customer
 * gives here), and the form that files one (damage once delivered, loss while under way), with
 * photos uploaded first and the amount capped as the API caps it.
 */

import { isValidEmail } from '@consign/shared/accounts';
import { payoutFailureWords } from '@consign/shared/finance';
import { formatMoney } from '@consign/shared/money';
import { CLAIM_STATUS_FACTS } from '@consign/shared/statuses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { TextAreaField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { type Claim, claimKeys, claimsApi, type LossClaimOffer } from '../api/claims';
import { describeError, fieldErrorsOf } from '../api/client';
import { type OrderDetail, orderKeys } from '../api/orders';
import { useAuth } from '../auth/auth';
import { Thumbnails, UploadsField, useUploadsBusy } from '../components/UploadsField';
import { lossReason } from './loss-claim';
import { Section } from './OrderParts';

/** Standard liability without extended cover, in minor units (the terms, "Liability"). */
const STANDARD_LIABILITY = 2000;

/**
 * The most a claim may ask for, as the API computes it: the cover bought or the standard
 * liability, and nothing on an order never paid for. Beyond what is left of the payment, an
 * accepted claim is paid by PayPal payout.
 */
export function claimCap(order: Pick<OrderDetail, 'coverAmount' | 'money'>): number {
  if (order.money.paid <= 0) return 0;
  return order.coverAmount > 0 ? order.coverAmount : STANDARD_LIABILITY;
}

/** Which claim form is open in the order's drawer: none, the usual one, or the prefilled loss claim. */
export type ClaimFormOpen = null | 'blank' | 'lost';

/** The statuses of a paid parcel still under way, which may be offered a loss claim. */
const UNDER_WAY = ['pending', 'confirmed', 'in_transit'];

/** Whether the customer is offered a loss claim on the order now (a tracking exception, or days without a scan). */
export function useLossClaimOffer(order: OrderDetail) {
  const { apiClient } = useAuth();
  return useQuery({
    queryKey: claimKeys.lossOffer(order.id),
    queryFn: ({ signal }) => claimsApi.lossOffer(apiClient, order.id, signal),
    enabled: UNDER_WAY.includes(order.status) && claimCap(order) > 0,
  });
}

/**
 * The offer of a loss claim, at the top of the drawer while it holds: says why the parcel may
 * be lost and opens the claim form filled in as a loss for the order's value.
 */
export function LossClaimNotice({ order, onClaim }: { order: OrderDetail; onClaim: () => void }) {
  const offer = useLossClaimOffer(order);
  if (!offer.data?.offered || !offer.data.since) return null;
  return (
    <section className="alert alert--info stack loss-claim-notice" aria-label="Has your parcel gone missing?">
      <p>
        <strong>Has your parcel gone missing?</strong> {lossReason(offer.data)}
      </p>
      <p>If it does not arrive, you can claim for it now: the form is filled in for you to check.</p>
      <div>
        <button type="button" className="button button--primary" onClick={onClaim}>
          Claim for a lost parcel
        </button>
      </div>
    </section>
  );
}

export function OrderClaims({
  order,
  form,
  onForm,
}: {
  order: OrderDetail;
  form: ClaimFormOpen;
  onForm: (form: ClaimFormOpen) => void;
}) {
  const { apiClient } = useAuth();
  const claims = useQuery({
    queryKey: claimKeys.ofOrder(order.id),
    queryFn: ({ signal }) => claimsApi.ofOrder(apiClient, order.id, signal),
  });
  const offer = useLossClaimOffer(order);
  const kind = order.status === 'delivered' ? 'damage' : 'loss';
  const canClaim =
    (order.status === 'delivered' ||
      order.status === 'in_transit' ||
      order.status === 'confirmed' ||
      offer.data?.offered === true) &&
    claimCap(order) > 0 &&
    !claims.data?.some((c) => !c.final);

  // The prefilled loss claim (a link from the tracking page or the mail) waits for the offer it is filled from.
  if (claims.isPending || (form === 'lost' && offer.isLoading)) return null;
  if (claims.isError) {
    return (
      <Section title="Claims">
        <p className="alert alert--error" role="alert">
          {describeError(claims.error)}
        </p>
      </Section>
    );
  }
  if (claims.data.length === 0 && !canClaim) return null;
  const prefill = form === 'lost' && offer.data?.offered ? lossPrefill(order, offer.data) : undefined;
  return (
    <Section title="Claims">
      <div className="stack">
        {claims.data.map((claim) => (
          <ClaimCard key={claim.id} claim={claim} />
        ))}
        {canClaim && form === null ? (
          <div>
            <button type="button" className="button button--secondary" onClick={() => onForm('blank')}>
              {kind === 'damage' ? 'Claim for damage' : 'Claim for a lost parcel'}
            </button>
          </div>
        ) : null}
        {canClaim && form !== null ? (
          <ClaimForm
            key={form}
            order={order}
            kind={prefill ? 'loss' : kind}
            prefill={prefill}
            onDone={() => onForm(null)}
          />
        ) : null}
      </div>
    </Section>
  );
}

/** The loss claim as offered: what happened in words, and the order's declared value up to the cap. */
function lossPrefill(order: OrderDetail, offer: LossClaimOffer) {
  const amount = Math.min(order.contentValue, claimCap(order));
  return {
    description: `My parcel (${order.contents}) has not arrived. ${lossReason(offer)}`,
    amount: amount > 0 ? (amount / 100).toFixed(2) : '',
  };
}

/** One claim and where it stands, as its customer or its courier reads it. */
export function ClaimCard({
  claim,
  viewer = 'customer',
}: {
  claim: Claim;
  viewer?: 'customer' | 'courier' | 'partner';
}) {
  const facts = CLAIM_STATUS_FACTS[claim.status];
  return (
    <article className="claim-card" aria-label={`Claim ${claim.reference}`}>
      <p>
        <strong>
          {claim.kind === 'damage' ? 'Damage' : 'Loss'} claim {claim.reference}
        </strong>{' '}
        <span className={`status-badge status-badge--${facts.tone}`}>{facts.label}</span>
      </p>
      <dl className="meta-list">
        <dt>Claimed</dt>
        <dd>{formatMoney(claim.amountClaimed.amount, claim.amountClaimed.currency)}</dd>
        {claim.amountAgreed ? (
          <>
            <dt>{agreedLabel(claim, viewer)}</dt>
            <dd>{formatMoney(claim.amountAgreed.amount, claim.amountAgreed.currency)}</dd>
          </>
        ) : null}
        {claim.status === 'with_courier' && claim.courierDeadline ? (
          <>
            <dt>Courier answers by</dt>
            <dd>{formatDateTime(claim.courierDeadline)}</dd>
          </>
        ) : null}
        {claim.courierNote ? (
          <>
            <dt>Courier’s answer</dt>
            <dd>{claim.courierNote}</dd>
          </>
        ) : null}
        {claim.staffNote ? (
          <>
            <dt>Consign’s decision</dt>
            <dd>{claim.staffNote}</dd>
          </>
        ) : null}
      </dl>
      <ClaimPayment claim={claim} viewer={viewer} />
      <ClaimFiles claim={claim} />
      {claim.awaitsStaff ? (
        <p className="muted">
          Consign staff are reviewing this claim and will email{' '}
          {viewer === 'partner' ? 'the customer' : 'you'}.
        </p>
      ) : null}
    </article>
  );
}

/** What the agreed amount is once paid: a refund, or part refund and part PayPal payout. */
function agreedLabel(claim: Claim, viewer: 'customer' | 'courier' | 'partner') {
  if (claim.status !== 'paid') return 'Agreed';
  const how = claim.payment && claim.payment.payout.amount > 0 ? 'Paid' : 'Refunded';
  return `${how} to ${viewer === 'customer' ? 'you' : 'the customer'}`;
}

const PAYOUT_STATE: Record<NonNullable<NonNullable<Claim['payment']>['payoutStatus']>, string> = {
  awaiting_email: 'Waiting for a PayPal email',
  queued: 'On its way',
  pending: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
};

/**
 * How an accepted claim above the payment is paid: what comes back to the payment, what goes by
 * PayPal payout and where that stands; the customer gives (or changes, after a failure) the
 * PayPal email here.
 */
function ClaimPayment({ claim, viewer }: { claim: Claim; viewer: 'customer' | 'courier' | 'partner' }) {
  const payment = claim.payment;
  // A claim paid by refund alone says so in its amounts ("Refunded to you").
  if (!payment || payment.payout.amount === 0) return null;
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency);
  const yours = viewer === 'customer' ? 'your' : 'the customer’s';
  const parts = [
    payment.refund.amount > 0 ? `${money(payment.refund)} back to ${yours} card or PayPal payment` : null,
    payment.payout.amount > 0
      ? `${money(payment.payout)} by PayPal payout${payment.payoutEmail ? ` to ${payment.payoutEmail}` : ''}`
      : null,
  ].filter(Boolean);
  const state = payment.payoutStatus;
  const asks = viewer === 'customer' && (state === 'awaiting_email' || state === 'failed');
  return (
    <div className="stack claim-payment">
      <p>How it is paid: {parts.join(', ')}.</p>
      {state ? (
        <p>
          PayPal payout: <strong>{PAYOUT_STATE[state]}</strong>
          {state === 'failed' ? `: ${payoutFailureWords(payment.payoutFailure)}` : null}
        </p>
      ) : null}
      {asks ? <PayoutEmailForm claim={claim} retry={state === 'failed'} /> : null}
    </div>
  );
}

/** The customer's PayPal email for the payout part; given again after a failure, it pays again. */
function PayoutEmailForm({ claim, retry }: { claim: Claim; retry: boolean }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => claimsApi.setPayoutReceiver(apiClient, claim.id, email.trim()),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: claimKeys.ofOrder(claim.orderId) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(claim.orderId) });
      const state = updated.payment?.payoutStatus;
      if (state === 'failed')
        toast.error(`The PayPal payout failed: ${payoutFailureWords(updated.payment?.payoutFailure)}`);
      else
        toast.success(
          updated.status === 'paid' ? `Claim ${claim.reference} is paid` : 'Your PayPal payout is on its way',
        );
    },
    onError: (err) => setError(fieldErrorsOf(err).email ?? describeError(err)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setError('Enter the email address of your PayPal account');
      return;
    }
    setError(undefined);
    save.mutate();
  }
  return (
    <form
      className="stack"
      onSubmit={submit}
      noValidate
      aria-label={`PayPal email for claim ${claim.reference}`}
    >
      <TextField
        type="email"
        label="Your PayPal email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
        }}
        error={error}
        hint={
          retry
            ? 'Check the address, or give another PayPal account: we pay again to it.'
            : 'The email address of the PayPal account to pay the rest of your claim to.'
        }
        autoComplete="email"
      />
      <div>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? (
            <Spinner label="Saving your PayPal email" />
          ) : retry ? (
            'Pay to this PayPal email'
          ) : (
            'Save PayPal email'
          )}
        </button>
      </div>
    </form>
  );
}

/** The files on a claim: the customer's photos and proof of value (images or PDFs), the courier's evidence. */
function ClaimFiles({ claim }: { claim: Claim }) {
  const groups = [
    { title: 'Photos', item: 'photo', urls: claim.photos },
    { title: 'Proof of value', item: 'receipt', urls: claim.proofOfValue },
    { title: 'Courier’s evidence', item: 'evidence', urls: claim.courierEvidence },
  ].filter((g) => g.urls.length > 0);
  if (groups.length === 0) return null;
  return (
    <div className="claim-files">
      {groups.map((g) => (
        <div key={g.title}>
          <p className="claim-files__title">{g.title}</p>
          <Thumbnails urls={g.urls} item={g.item} label={g.title} />
        </div>
      ))}
    </div>
  );
}

/** A field's error, or the API's error about one of its items (`photos.0`). */
export function errorAt(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field}.`))?.[1];
}

function ClaimForm({
  order,
  kind,
  prefill,
  onDone,
}: {
  order: OrderDetail;
  kind: 'damage' | 'loss';
  /** The offered loss claim's words and amount, for the customer to check. */
  prefill?: { description: string; amount: string } | undefined;
  onDone: () => void;
}) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const cap = claimCap(order);
  const currency = order.price.currency;
  const [description, setDescription] = useState(prefill?.description ?? '');
  const [amount, setAmount] = useState(prefill?.amount ?? '');
  const [photos, setPhotos] = useState<string[]>([]);
  const [proofOfValue, setProofOfValue] = useState<string[]>([]);
  const uploads = useUploadsBusy();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const firstField = useRef<HTMLTextAreaElement>(null);
  /** A field's error (and its items' errors) goes once the field is changed; the next submit checks again. */
  const clear = (...fields: string[]) =>
    setErrors((all) =>
      Object.fromEntries(
        Object.entries(all).filter(([k]) => !fields.some((f) => k === f || k.startsWith(`${f}.`))),
      ),
    );
  useEffect(() => firstField.current?.focus(), []);

  const file = useMutation({
    mutationFn: (amountClaimed: number) =>
      claimsApi.file(apiClient, order.id, { kind, description, amountClaimed, photos, proofOfValue }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: claimKeys.ofOrder(order.id) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      toast.success('Claim sent to the courier');
      onDone();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : describeError(error));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (description.trim().length < 10) next.description = 'Describe what happened in at least 10 characters';
    const pence = Math.round(Number(amount) * 100);
    if (!amount || !Number.isFinite(pence) || pence < 1) next.amountClaimed = 'Enter the amount you claim';
    else if (pence > cap) next.amountClaimed = `At most ${formatMoney(cap, currency)}`;
    if (kind === 'damage' && photos.length === 0) next.photos = 'Add at least one photo of the damage';
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length === 0) file.mutate(pence);
  }

  return (
    <form className="stack claim-form" onSubmit={submit} noValidate aria-label="File a claim">
      <p className="muted">
        {kind === 'damage'
          ? 'Tell us what was damaged, add photos of the parcel and its contents, and keep them until the claim is settled.'
          : 'Tell us what was in the parcel. The courier has 3 working days to answer.'}
      </p>
      {formError ? (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      ) : null}
      <TextAreaField
        ref={firstField}
        label="What happened"
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          clear('description', 'kind');
        }}
        error={errors.description ?? errors.kind}
        maxLength={2000}
        rows={4}
      />
      <TextField
        label={`Amount claimed (${currency})`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          clear('amountClaimed');
        }}
        error={errors.amountClaimed}
        hint={`At most ${formatMoney(cap, currency)}: ${order.coverAmount > 0 ? 'the cover you bought' : 'the standard liability'}. Beyond what you paid, an accepted claim is paid by PayPal payout.`}
      />
      <UploadsField
        id={`claim-photo-${order.id}`}
        label={kind === 'loss' ? 'Photos (optional)' : 'Photos'}
        hint="Images (PNG, JPEG or WebP), up to 5 MB each"
        item="photo"
        listLabel="Photos added"
        urls={photos}
        onChange={(update) => {
          setPhotos(update);
          clear('photos', 'photos.0');
        }}
        max={10}
        error={errorAt(errors, 'photos')}
        onUploading={uploads.uploading('photos')}
      />
      <UploadsField
        id={`claim-proof-${order.id}`}
        label="Proof of value (optional)"
        hint="The receipt or invoice for what was in the parcel: a PDF, or a photo or screenshot (PNG, JPEG or WebP), up to 5 MB each"
        item="receipt"
        listLabel="Proof of value added"
        urls={proofOfValue}
        onChange={(update) => {
          setProofOfValue(update);
          clear('proofOfValue');
        }}
        max={5}
        error={errorAt(errors, 'proofOfValue')}
        onUploading={uploads.uploading('proofOfValue')}
        pdf
      />
      <div className="row">
        <button type="submit" className="button button--primary" disabled={file.isPending || uploads.busy}>
          {file.isPending ? <Spinner label="Sending the claim" /> : 'Send claim'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone} disabled={file.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
