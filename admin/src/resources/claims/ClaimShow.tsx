import {
  FunctionField,
  Labeled,
  ListButton,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { partyLinks, Thumbnails } from '../../components/fields';
import { ReasonToolbar } from '../../components/ReasonAction';
import { ACTOR_WORDS, dateTimeText, money } from '../../format';
import { useT } from '../../i18n/keys';
import type { AdminClaimDetail } from '../../types';
import { ClaimDecision } from './ClaimDecision';
import { AmountField, DeadlineField, KindField, StatusField } from './shared';

function ClaimTitle() {
  const claim = useRecordContext<AdminClaimDetail>();
  return <span>{claim ? `${claim.reference} (${claim.orderReference})` : ''}</span>;
}

/** "Decide" while the claim waits for staff, "Retry payout" when its PayPal payout failed; always the way back to the queue. */
function ClaimActions() {
  const claim = useRecordContext<AdminClaimDetail>();
  return (
    <ReasonToolbar<AdminClaimDetail>
      name={(c) => c.reference}
      actions={(c) => [
        c.payment?.payoutStatus === 'failed' &&
          c.status !== 'paid' && {
            target: { resource: 'claims', action: 'payout/retry' },
            prompt: 'consign.claims.retry_payout',
            success: 'consign.claims.payout_retried',
          },
      ]}
    >
      {claim?.awaitsStaff && <ClaimDecision claim={claim} />}
      <ListButton />
    </ReasonToolbar>
  );
}

/** The refund part and the PayPal payout part of an accepted claim, each with where it stands. */
function ClaimPayment() {
  const claim = useRecordContext<AdminClaimDetail>();
  const translate = useT();
  const payment = claim?.payment;
  if (!payment) return <span>—</span>;
  const lines = [];
  if (payment.refund.amount > 0) {
    lines.push(
      translate('consign.claims.refund_part', {
        amount: amount(payment.refund),
        state: translate(payment.refunded ? 'consign.claims.refund_done' : 'consign.claims.refund_waiting'),
      }),
    );
  }
  if (payment.payout.amount > 0 && payment.payoutStatus) {
    lines.push(
      translate('consign.claims.payout_part', {
        amount: amount(payment.payout),
        email: payment.payoutEmail ?? translate('consign.claims.payout_no_email'),
        state: translate(`consign.claims.payout_state.${payment.payoutStatus}`),
      }),
    );
    if (payment.payoutFailure) {
      lines.push(translate('consign.claims.payout_failure', { reason: payment.payoutFailure }));
    }
  }
  return (
    <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Why the claim waits for staff, when it does (no field label: it is a sentence). */
function WaitingNote(_: { label: false }) {
  const claim = useRecordContext<AdminClaimDetail>();
  const translate = useT();
  if (!claim?.awaitsStaff) return null;
  return (
    <p role="status" style={{ margin: 0, fontWeight: 600 }}>
      {translate(
        claim.status === 'escalated' ? 'consign.claims.waits_escalated' : 'consign.claims.waits_rejected',
      )}
    </p>
  );
}

/** Every move of the claim, oldest first: when, to what, by whom, and the note. */
function ClaimTimeline() {
  const claim = useRecordContext<AdminClaimDetail>();
  const translate = useT();
  // Opened from the queue, the record is the page's own read (meta below); wait for it.
  if (!claim?.timeline) return null;
  if (claim.timeline.length === 0) return <p>{translate('consign.claims.no_events')}</p>;
  return (
    <ol aria-label={translate('consign.claims.timeline')} style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {claim.timeline.map((step) => (
        <li key={`${step.at}-${step.status}`}>
          {translate('consign.claims.step', {
            date: dateTimeText(step.at),
            status: translate(`consign.claims.status.${step.status}`),
            actor: ACTOR_WORDS[step.actorRole] ?? step.actorRole,
          })}
          {step.note ? ` — ${step.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

const amount = (m: { amount: number; currency: string } | null) => (m ? money(m.amount, m.currency) : '—');
const instant = (iso: string | null) => (iso ? dateTimeText(iso) : '—');

/**
 * Read under its own key: react-admin fills its cache of single records from every list, and
 * the queue's rows have no timeline; asked with `meta`, the page waits for the claim itself.
 */
const WHOLE_CLAIM = { meta: { whole: true } };

/** One claim: what was claimed and why, the evidence on both sides, the deadline, the decision and the timeline. */
export function ClaimShow() {
  const translate = useT();
  return (
    <Show title={<ClaimTitle />} actions={<ClaimActions />} queryOptions={WHOLE_CLAIM}>
      <SimpleShowLayout>
        <WaitingNote label={false} />
        <TextField source="reference" />
        <Labeled source="status">
          <StatusField />
        </Labeled>
        <FunctionField<AdminClaimDetail> source="orderReference" render={partyLinks.order} />
        <Labeled source="kind">
          <KindField />
        </Labeled>
        <TextField source="description" />
        <FunctionField<AdminClaimDetail> source="customerName" render={partyLinks.customer} />
        <FunctionField<AdminClaimDetail> source="courierName" render={partyLinks.courier} />
        <Labeled source="amountClaimed">
          <AmountField />
        </Labeled>
        <FunctionField<AdminClaimDetail> source="cap" render={(c) => amount(c.cap)} />
        <FunctionField<AdminClaimDetail> source="amountAgreed" render={(c) => amount(c.amountAgreed)} />
        <FunctionField<AdminClaimDetail>
          source="bearer"
          render={(c) => (c.bearer ? translate(`consign.claims.bearer.${c.bearer}`) : '—')}
        />
        <FunctionField<AdminClaimDetail>
          source="photos"
          render={(c) => <Thumbnails urls={c.photos} what="consign.claims.photo" />}
        />
        <FunctionField<AdminClaimDetail>
          source="proofOfValue"
          render={(c) => <Thumbnails urls={c.proofOfValue} what="consign.claims.proof" />}
        />
        <Labeled source="courierDeadline">
          <DeadlineField />
        </Labeled>
        <TextField source="courierNote" emptyText="—" />
        <FunctionField<AdminClaimDetail>
          source="courierEvidence"
          render={(c) => <Thumbnails urls={c.courierEvidence} what="consign.claims.evidence" />}
        />
        <TextField source="staffNote" emptyText="—" />
        <FunctionField<AdminClaimDetail> source="decidedAt" render={(c) => instant(c.decidedAt)} />
        <FunctionField source="payment" render={() => <ClaimPayment />} />
        <FunctionField<AdminClaimDetail> source="paidAt" render={(c) => instant(c.paidAt)} />
        <FunctionField<AdminClaimDetail> source="createdAt" render={(c) => instant(c.createdAt)} />
        <FunctionField source="timeline" render={() => <ClaimTimeline />} />
        <TextField source="id" />
      </SimpleShowLayout>
    </Show>
  );
}
