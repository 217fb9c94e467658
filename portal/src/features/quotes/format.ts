/** The quote cards' wording and the results' order. */
import { formatKg, totalWeight } from '../../lib/format';
import type { Parcel, QuoteOption } from '../../shared/api/quotes';

/** The card's delivery label; '2+ Days Delivery' is the spec's wording for two working days. */
export function transitLabel(transitDays: number, serviceType: QuoteOption['serviceType']): string {
  if (serviceType === 'same_day' || transitDays <= 0) return 'Same Day Delivery';
  if (transitDays === 1) return 'Next Day Delivery';
  return `${transitDays}+ Days Delivery`;
}

/**
 * The divisor a volumetric price used, worked back from a single parcel's chargeable weight
 * (the option does not carry it). Divisors are whole hundreds in practice (4000, 5000, 6000);
 * rounding absorbs the engine's rounding of the weight to the gram.
 */
export function inferDivisor(parcel: Parcel, chargeableWeightKg: number): number | null {
  if (chargeableWeightKg <= 0) return null;
  const divisor = Math.round((parcel.length * parcel.width * parcel.height) / chargeableWeightKg / 100) * 100;
  return divisor >= 1000 && divisor <= 10_000 ? divisor : null;
}

/** Why the chargeable weight is what it is, for the card. */
export function billingExplanation(option: QuoteOption, parcels: readonly Parcel[]): string {
  const actual = formatKg(totalWeight(parcels));
  if (option.billedBy === 'actual') return `Billed by actual weight (${actual})`;
  const only = parcels.length === 1 ? parcels[0] : undefined;
  if (!only)
    return `Billed by volumetric weight (L×W×H ÷ the courier’s divisor) for at least one parcel; actual weight ${actual}`;
  const divisor = inferDivisor(only, option.chargeableWeightKg) ?? 5000;
  return `Billed by volumetric weight: ${only.length}×${only.width}×${only.height}/${divisor} (actual weight ${actual})`;
}

export type SortKey = 'price' | 'delivery' | 'rating';

/**
 * A sorted copy: by total price; by delivery date (then price); or by rating, highest average
 * first, services too new for an average after the rated ones, more reviews first, then price.
 * Ties keep the API's order.
 */
export function sortOptions(options: readonly QuoteOption[], key: SortKey): QuoteOption[] {
  const byPrice = (a: QuoteOption, b: QuoteOption) => a.price.total - b.price.total;
  const byDelivery = (a: QuoteOption, b: QuoteOption) =>
    a.estimatedDelivery < b.estimatedDelivery ? -1 : a.estimatedDelivery > b.estimatedDelivery ? 1 : 0;
  const byRating = (a: QuoteOption, b: QuoteOption) =>
    (b.rating.average ?? -1) - (a.rating.average ?? -1) || b.rating.count - a.rating.count;
  const compare =
    key === 'price'
      ? byPrice
      : key === 'delivery'
        ? (a: QuoteOption, b: QuoteOption) => byDelivery(a, b) || byPrice(a, b)
        : (a: QuoteOption, b: QuoteOption) => byRating(a, b) || byPrice(a, b);
  return [...options].sort(compare);
}
