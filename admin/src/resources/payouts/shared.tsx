import { useRecordContext } from 'react-admin';
import { money } from '../../format';
import { useT } from '../../i18n/keys';
import type { PayoutBatch } from '../../types';

/** A batch's or an item's status in words (queued, pending, paid, returned; sending … cancelled). */
export function PayoutStatusField(_: { source?: string; label?: string }) {
  const record = useRecordContext<{ status: PayoutBatch['status'] | 'queued' | 'paid' | 'returned' }>();
  const translate = useT();
  return record ? <span>{translate(`consign.payouts.status.${record.status}`)}</span> : null;
}

/** What a batch pays, per currency: "£12.34" or "£12.34 + €5.00". */
export function PayoutTotalsField(_: { source?: string; label?: string }) {
  const record = useRecordContext<PayoutBatch>();
  if (!record) return null;
  return <span>{record.totals.map((t) => money(t.amount, t.currency)).join(' + ') || '—'}</span>;
}

/** Who ran the batch: staff, or the scheduled run. */
export function PayoutTriggerField(_: { source?: string; label?: string }) {
  const record = useRecordContext<PayoutBatch>();
  const translate = useT();
  return record ? <span>{translate(`consign.payouts.trigger.${record.trigger}`)}</span> : null;
}
