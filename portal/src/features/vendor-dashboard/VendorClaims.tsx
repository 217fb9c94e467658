/**
 * Claims on one of the courier's orders (docs/claims-and-returns.md): each with where it stands,
 * and for one waiting on the courier the answer form: accept, accept part, or reject with a note.
 * A rejection goes to Consign staff; an acceptance is refunded from the courier's earnings.
 */
import { formatMoney } from '@consign/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { FieldError, TextAreaField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { type Claim, claimKeys, claimsApi } from '../../shared/api/claims';
import { describeError, fieldErrorsOf } from '../../shared/api/client';
import { orderKeys } from '../../shared/api/orders';
import { useAuth } from '../../shared/auth/auth';
import { UploadsField, useUploadsBusy } from '../../shared/components/UploadsField';
import { ClaimCard, errorAt } from '../../shared/orders/OrderClaims';
import { Section } from '../../shared/orders/OrderParts';

export function VendorClaims({ orderId }: { orderId: string }) {
  const { apiClient } = useAuth();
  const claims = useQuery({
    queryKey: [...claimKeys.ofOrder(orderId), 'vendor'],
    queryFn: ({ signal }) => claimsApi.ofVendorOrder(apiClient, orderId, signal),
  });
  if (claims.isPending || (claims.isSuccess && claims.data.length === 0)) return null;
  return (
    <Section title="Claims">
      {claims.isError ? (
        <p className="alert alert--error" role="alert">
          {describeError(claims.error)}
        </p>
      ) : (
        <div className="stack">
          {claims.data.map((claim) => (
            <div key={claim.id} className="stack">
              <ClaimCard claim={claim} viewer="courier" />
              {claim.status === 'with_courier' ? <AnswerForm claim={claim} /> : null}
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}

type Decision = 'accept' | 'part_accept' | 'reject';
const DECISIONS: { value: Decision; label: string }[] = [
  { value: 'accept', label: 'Accept in full' },
  { value: 'part_accept', label: 'Accept part' },
  { value: 'reject', label: 'Reject' },
];

function AnswerForm({ claim }: { claim: Claim }) {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [evidence, setEvidence] = useState<string[]>([]);
  const uploads = useUploadsBusy();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const currency = claim.amountClaimed.currency;
  /** A field's error goes once the field is changed; the next submit checks again. */
  const clear = (field: string) =>
    setErrors((all) =>
      Object.fromEntries(Object.entries(all).filter(([k]) => k !== field && !k.startsWith(`${field}.`))),
    );

  const answer = useMutation({
    mutationFn: (body: { decision: Decision; amount?: number; note: string }) =>
      claimsApi.answer(apiClient, claim.id, { ...body, evidence }),
    onSuccess: async (answered) => {
      await queryClient.invalidateQueries({ queryKey: claimKeys.ofOrder(claim.orderId) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.detail(claim.orderId) });
      toast.success(
        answered.status === 'rejected' ? 'Claim rejected: Consign staff will review it' : 'Claim answered',
      );
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
    if (!decision) next.decision = 'Choose your answer';
    if (!note.trim()) next.note = 'Give your answer';
    const pence = Math.round(Number(amount) * 100);
    if (
      decision === 'part_accept' &&
      (!Number.isFinite(pence) || pence < 1 || pence >= claim.amountClaimed.amount)
    ) {
      next.amount = `Enter an amount below ${formatMoney(claim.amountClaimed.amount, currency)}`;
    }
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0 || !decision) return;
    answer.mutate({ decision, note, ...(decision === 'part_accept' ? { amount: pence } : {}) });
  }

  return (
    <form
      className="stack claim-form"
      onSubmit={submit}
      noValidate
      aria-label={`Answer claim ${claim.reference}`}
    >
      {formError ? (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      ) : null}
      <fieldset className="choice">
        <legend className="field__label">Your answer</legend>
        <div className="choice__options">
          {DECISIONS.map((d) => (
            <label key={d.value} className="choice__option">
              <input
                type="radio"
                name={`decision-${claim.id}`}
                value={d.value}
                checked={decision === d.value}
                onChange={() => {
                  setDecision(d.value);
                  clear('decision');
                }}
              />
              <span className="choice__title">{d.label}</span>
            </label>
          ))}
        </div>
        <FieldError error={errors.decision} />
      </fieldset>
      {decision === 'part_accept' ? (
        <TextField
          label={`Amount you accept (${currency})`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            clear('amount');
          }}
          error={errors.amount}
        />
      ) : null}
      <TextAreaField
        label={decision === 'reject' ? 'Why you reject it (your evidence)' : 'Note to the customer'}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          clear('note');
        }}
        error={errors.note}
        maxLength={2000}
        rows={3}
      />
      <UploadsField
        id={`claim-evidence-${claim.id}`}
        label="Evidence (optional)"
        hint="Photos of the proof of delivery, the signature, or the parcel at collection"
        item="evidence"
        listLabel="Evidence added"
        urls={evidence}
        onChange={(update) => {
          setEvidence(update);
          clear('evidence');
        }}
        max={10}
        error={errorAt(errors, 'evidence')}
        onUploading={uploads.uploading('evidence')}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={answer.isPending || uploads.busy}>
          {answer.isPending ? <Spinner label="Sending your answer" /> : 'Send answer'}
        </button>
      </div>
    </form>
  );
}
