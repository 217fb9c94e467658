/**
 * Returns (docs/claims-and-returns.md, "Returns"): the reasons a shopper may give, who pays, and
 * Consign's own policy for orders not booked through a partner. A partner's policy picks from the
 * same reasons, so every screen and webhook names them alike.
 */

export const RETURN_REASONS = [
  'changed_mind',
  'wrong_item',
  'damaged',
  'not_as_described',
  'wrong_size',
  'arrived_late',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  changed_mind: 'I changed my mind',
  wrong_item: 'The wrong item was sent',
  damaged: 'It arrived damaged',
  not_as_described: 'It is not as described',
  wrong_size: 'It does not fit',
  arrived_late: 'It arrived too late',
  other: 'Another reason',
};

/** Who pays for the return label: the shopper at checkout, or the partner on its account. */
export const RETURN_PAYERS = ['shopper', 'partner'] as const;
export type ReturnPayer = (typeof RETURN_PAYERS)[number];

export const MIN_RETURN_WINDOW_DAYS = 1;
export const MAX_RETURN_WINDOW_DAYS = 365;

export type ReturnPolicy = { windowDays: number; reasons: ReturnReason[]; payer: ReturnPayer };

/** Consign's policy for orders booked directly (and for partners that set none): the terms page states it. */
export const DEFAULT_RETURN_POLICY: ReturnPolicy = {
  windowDays: 30,
  reasons: [...RETURN_REASONS],
  payer: 'shopper',
};

/**
 * A partner pays for a return it owes within this many days of its booking. A partner with an
 * older return unpaid has its shoppers pay for new returns until it pays
 * (docs/claims-and-returns.md, "Charging the partner").
 */
export const RETURN_PAYMENT_DAYS = 14;
