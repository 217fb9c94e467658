import { CLAIM_KINDS, CLAIM_STATUSES } from '@consign/shared/statuses';
import { useRecordContext } from 'react-admin';
import { yesNo } from '../../components/listFilters';
import { dateTimeText, money, relativeText } from '../../format';
import { type MessageKey, msg, useT } from '../../i18n/keys';
import type { AdminClaim, ClaimStatus } from '../../types';

type Translate = (key: MessageKey, args?: Record<string, unknown>) => string;

export const CLAIM_STATUS_CHOICES: { id: ClaimStatus; name: MessageKey }[] = CLAIM_STATUSES.map((id) => ({
  id,
  name: msg(`consign.claims.status.${id}`),
}));

export const CLAIM_KIND_CHOICES = CLAIM_KINDS.map((id) => ({ id, name: msg(`consign.claims.kind.${id}`) }));

/** The queue filter: the API's `awaitsStaff` (escalated, or rejected by the courier and not yet reviewed). */
export const QUEUE_CHOICES = yesNo(msg('consign.claims.queue'), msg('consign.claims.not_queue'));

/**
 * The courier's deadline in words: when it falls and how far off it is, whether it was missed,
 * or when the courier answered (then the deadline no longer matters).
 */
export function deadlineText(
  c: Pick<AdminClaim, 'courierDeadline' | 'respondedAt' | 'status'>,
  translate: Translate,
  now: number = Date.now(),
): string {
  if (c.respondedAt)
    return translate('consign.claims.deadline_answered', { date: dateTimeText(c.respondedAt) });
  if (!c.courierDeadline) return '—';
  const args = { date: dateTimeText(c.courierDeadline), relative: relativeText(c.courierDeadline, now) };
  const missed = c.status === 'escalated' || new Date(c.courierDeadline).getTime() <= now;
  return translate(missed ? 'consign.claims.deadline_missed' : 'consign.claims.deadline_due', args);
}

// `label` and `source` are read by SimpleShowLayout and DataTable, which label the field.
type FieldProps = { source?: string; label?: string };

export function DeadlineField(_: FieldProps) {
  const claim = useRecordContext<AdminClaim>();
  const translate = useT();
  return claim ? <span>{deadlineText(claim, translate)}</span> : null;
}

/** The amount claimed, in the order's currency. */
export function AmountField(_: FieldProps) {
  const claim = useRecordContext<AdminClaim>();
  if (!claim) return null;
  return <span>{money(claim.amountClaimed.amount, claim.amountClaimed.currency)}</span>;
}

export function StatusField(_: FieldProps) {
  const claim = useRecordContext<AdminClaim>();
  const translate = useT();
  return claim ? <span>{translate(`consign.claims.status.${claim.status}`)}</span> : null;
}

export function KindField(_: FieldProps) {
  const claim = useRecordContext<AdminClaim>();
  const translate = useT();
  return claim ? <span>{translate(`consign.claims.kind.${claim.kind}`)}</span> : null;
}
