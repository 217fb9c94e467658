/**
 * The booking in progress, kept in sessionStorage so a reload, the browser's back button or
 * "Edit" on the review step keeps what was typed. It holds addresses and parcel details the
 * customer typed (no tokens, no payment data) and lives only as long as the tab.
 */

import { tabStorage } from '../../lib/tabStorage';
import type { CreateOrderRequest } from '../api/orders';
import type { BookingValues } from './formValues';

const KEY = 'consign.booking-draft';

export interface BookingDraft {
  version: 1;
  quoteId: string;
  optionId: string;
  values: BookingValues;
  /** Set once step 1 validated: the order body and the Idempotency-Key it is sent with. */
  submitted?: { body: CreateOrderRequest; key: string } | undefined;
  /** The order the review step created from `submitted`. */
  orderId?: string | undefined;
}

export function loadDraft(): BookingDraft | null {
  const raw = tabStorage().getItem(KEY);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as BookingDraft;
    return draft?.version === 1 && draft.values ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: BookingDraft): void {
  try {
    tabStorage().setItem(KEY, JSON.stringify(draft));
  } catch {
    // Quota exceeded or storage off: losing the draft is better than breaking the form.
  }
}

export function updateDraft(change: Partial<BookingDraft>): BookingDraft | null {
  const draft = loadDraft();
  if (!draft) return null;
  const next = { ...draft, ...change };
  saveDraft(next);
  return next;
}

export function clearDraft(): void {
  tabStorage().removeItem(KEY);
}

/** Same JSON regardless of key order, to tell whether an edited booking is a different request. */
export function sameBody(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)),
        )
      : v,
  );
}
