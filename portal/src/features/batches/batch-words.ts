import type { BatchRow } from './batches-api';

/** What each row status is called on screen. */
export const ROW_STATUS_LABELS: Record<BatchRow['status'], string> = {
  valid: 'Ready',
  invalid: 'Needs fixing',
  dropped: 'Dropped',
  paid: 'Paid',
  booked: 'Booked',
  failed: 'Failed',
};

/** A CSV column as people read it: `recipient_postcode` → "Recipient postcode". */
export function columnLabel(column: string): string {
  const words = column.replace(/_kg$/, ' (kg)').replace(/_cm$/, ' (cm)').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who a row goes to, in a few words. */
export function rowRecipient(row: BatchRow): string {
  const name = row.cells.recipient_name ?? '';
  const postcode = row.cells.recipient_postcode ?? '';
  return [name, postcode].filter(Boolean).join(', ') || 'No recipient';
}
