/**
 * The sender of a batch row: its own columns, a saved address named by label, or the owner's
 * default sender. Read when the row is priced and again when it is booked (the book may change).
 */
import type { AppDeps } from '../../context';
import type { OrderAddress } from '../../db/schema';
import { AddressBookService, labelKey } from '../address-book';
import type { BatchCells, CheckedRow } from './batch-row';

/** Senders the rows may name: the owner's saved addresses by label and the default sender. */
export type Senders = { byLabel: Map<string, OrderAddress>; fallback: OrderAddress | null };

export async function sendersFor(
  deps: AppDeps,
  userId: string,
  rows: readonly Pick<BatchCells, 'sender'>[],
): Promise<Senders> {
  const book = new AddressBookService(deps);
  const labels = rows.map((r) => r.sender).filter((l): l is string => Boolean(l));
  const [byLabel, fallback] = await Promise.all([book.byLabels(userId, labels), book.defaultSender(userId)]);
  return { byLabel, fallback: fallback?.address ?? null };
}

/** The row's sender from the senders read, or null when the label (or a default) is missing. */
export function senderOf(senders: Senders, row: CheckedRow): OrderAddress | null {
  if (row.senderLabel) return senders.byLabel.get(labelKey(row.senderLabel)) ?? null;
  return row.sender ?? senders.fallback;
}

export async function resolveSender(deps: AppDeps, userId: string, row: CheckedRow) {
  return senderOf(await sendersFor(deps, userId, [{ sender: row.senderLabel ?? undefined }]), row);
}
