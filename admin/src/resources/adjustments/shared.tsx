import { ADJUSTMENT_STATUSES } from '@consign/shared/statuses';
import { useRecordContext } from 'react-admin';
import { money } from '../../format';
import { type MessageKey, msg, useT } from '../../i18n/keys';
import type { AdjustmentStatus, AdminAdjustment } from '../../types';

export const ADJUSTMENT_STATUS_CHOICES: { id: AdjustmentStatus; name: MessageKey }[] =
  ADJUSTMENT_STATUSES.map((id) => ({ id, name: msg(`consign.adjustments.status.${id}`) }));

// `label` and `source` are read by SimpleShowLayout and DataTable, which label the field.
type FieldProps = { source?: string; label?: string };

export function StatusField(_: FieldProps) {
  const adjustment = useRecordContext<AdminAdjustment>();
  const translate = useT();
  return adjustment ? <span>{translate(`consign.adjustments.status.${adjustment.status}`)}</span> : null;
}

/** What the customer would owe on top of the booked price. */
export function DifferenceField(_: FieldProps) {
  const adjustment = useRecordContext<AdminAdjustment>();
  if (!adjustment) return null;
  return <span>{money(adjustment.difference.amount, adjustment.difference.currency)}</span>;
}
