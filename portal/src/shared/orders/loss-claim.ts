/**
 * The offered loss claim in words (docs/claims-and-returns.md, "The prefilled loss claim"): the
 * order drawer's notice and prefilled form, and the public tracking page, say it the same way.
 */
import { formatLongDate, ukDate } from '../../lib/format';
import type { LossClaimOffer } from '../api/claims';

/** Why the parcel may be lost: the courier's exception, or no scan since a day. */
export function lossReason(offer: Pick<LossClaimOffer, 'reason' | 'since'>): string {
  const since = offer.since ? formatLongDate(ukDate(new Date(offer.since))) : '';
  return offer.reason === 'exception'
    ? `The courier reported a problem with it on ${since}, and it has not moved on since.`
    : `It has had no tracking update since ${since}.`;
}
