/**
 * Whole-service rules that no single field can check: locations that depend on the service
 * type, same-day pricing, distinct tiers. Pure, so create and update (which merges a partial
 * body into the stored service) apply exactly the same rules.
 */
import type { SameDayPricing, WeightTier } from '../../db/schema';
import { DEFAULT_VOLUMETRIC_DIVISOR, INTERNATIONAL_ORIGIN } from '../../domain/courier-services';
import { DEFAULT_HANDOVER, DEFAULT_LABEL_MODE, type Handover, type LabelMode } from '../../domain/handover';
import { ANY_LOCATION, type ServiceType } from '../../domain/services';
import type { FieldError } from '../../lib/errors';
import { ISO_COUNTRY_CODES } from './countries';
import { TIER_REQUIRED } from './couriers.schemas';

// The engine's own constants, so a stored default is exactly what pricing assumes.
export { DEFAULT_VOLUMETRIC_DIVISOR, INTERNATIONAL_ORIGIN };
export const ANY = ANY_LOCATION;
/** In the order the messages list them. */
export const UK_NATIONS = ['England', 'Scotland', 'Wales', 'Northern Ireland'] as const;

export type CourierDraft = {
  name: string;
  serviceType: ServiceType;
  currency: 'GBP' | 'EUR' | 'USD';
  logoUrl: string | null;
  fromLocation: string;
  toLocation: string | string[];
  weightTiers: WeightTier[];
  maxLengthCm: number | null;
  maxWidthCm: number | null;
  maxHeightCm: number | null;
  maxWeightKg: number | null;
  volumetricDivisor: number;
  transitDays: number;
  sameDay: SameDayPricing | null;
  handover: Handover;
  labelMode: LabelMode;
  status: 'active' | 'inactive';
};

/**
 * What a create body leaves out: GBP, from and to anywhere (an international service leaves
 * from the UK), no size limits, the default volumetric divisor, 2 transit days (0 same day), active.
 */
export function withDefaults(
  body: Partial<CourierDraft> & Pick<CourierDraft, 'name' | 'serviceType' | 'weightTiers'>,
): CourierDraft {
  const international = body.serviceType === 'international';
  return {
    name: body.name,
    serviceType: body.serviceType,
    currency: body.currency ?? 'GBP',
    logoUrl: body.logoUrl ?? null,
    fromLocation: body.fromLocation ?? (international ? INTERNATIONAL_ORIGIN : ANY),
    toLocation: body.toLocation ?? ANY,
    weightTiers: body.weightTiers,
    maxLengthCm: body.maxLengthCm ?? null,
    maxWidthCm: body.maxWidthCm ?? null,
    maxHeightCm: body.maxHeightCm ?? null,
    maxWeightKg: body.maxWeightKg ?? null,
    volumetricDivisor: body.volumetricDivisor ?? DEFAULT_VOLUMETRIC_DIVISOR,
    transitDays: body.transitDays ?? (body.serviceType === 'same_day' ? 0 : 2),
    sameDay: body.sameDay ?? null,
    // A same-day van drives from the door: never a drop-off.
    handover: body.handover ?? (body.serviceType === 'same_day' ? 'collection' : DEFAULT_HANDOVER),
    labelMode: body.labelMode ?? DEFAULT_LABEL_MODE,
    status: body.status ?? 'active',
  };
}

const NATION_LIST = `${UK_NATIONS.join(', ')} or ${ANY}`;

/** 'england' → 'England', 'any' → 'Any'; undefined when it is neither a nation nor Any. */
function canonicalNation(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  if (lower === ANY.toLowerCase()) return ANY;
  return UK_NATIONS.find((n) => n.toLowerCase() === lower);
}

/**
 * Checks a complete service and returns it normalised (canonical location spelling, upper-case
 * and de-duplicated country codes, tiers sorted by weight), or the errors naming each field.
 */
export function checkCourier(draft: CourierDraft): { value: CourierDraft; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const value: CourierDraft = { ...draft, weightTiers: [...draft.weightTiers] };

  if (draft.serviceType === 'international') {
    if (draft.fromLocation.trim().toUpperCase() !== INTERNATIONAL_ORIGIN) {
      errors.push({
        path: 'fromLocation',
        message: `International services leave from the UK: fromLocation must be ${INTERNATIONAL_ORIGIN}`,
      });
    } else {
      value.fromLocation = INTERNATIONAL_ORIGIN;
    }
    const to = draft.toLocation;
    if (typeof to === 'string' && to.trim().toLowerCase() === ANY.toLowerCase()) {
      value.toLocation = ANY;
    } else {
      const codes = (typeof to === 'string' ? [to] : to).map((c) => c.trim().toUpperCase());
      if (codes.length === 0) {
        errors.push({ path: 'toLocation', message: `List at least one destination country code, or ${ANY}` });
      }
      codes.forEach((code, i) => {
        const path = typeof to === 'string' ? 'toLocation' : `toLocation.${i}`;
        if (code === INTERNATIONAL_ORIGIN) {
          errors.push({ path, message: 'GB is the origin; international destinations are outside the UK' });
        } else if (!ISO_COUNTRY_CODES.has(code)) {
          errors.push({ path, message: `${code || '(empty)'} is not an ISO 3166 alpha-2 country code` });
        }
      });
      value.toLocation = [...new Set(codes)];
    }
  } else {
    const from = canonicalNation(draft.fromLocation);
    if (from) value.fromLocation = from;
    else errors.push({ path: 'fromLocation', message: `fromLocation must be ${NATION_LIST}` });
    const to = typeof draft.toLocation === 'string' ? canonicalNation(draft.toLocation) : undefined;
    if (to) value.toLocation = to;
    else errors.push({ path: 'toLocation', message: `toLocation must be ${NATION_LIST}` });
  }

  const seen = new Map<number, number>();
  draft.weightTiers.forEach((tier, i) => {
    const first = seen.get(tier.maxKg);
    if (first !== undefined) {
      errors.push({
        path: `weightTiers.${i}.maxKg`,
        message: `Each tier needs a different maxKg: ${tier.maxKg} kg is already tier ${first + 1}`,
      });
    } else {
      seen.set(tier.maxKg, i);
    }
  });
  if (draft.weightTiers.length === 0) errors.push({ path: 'weightTiers', message: TIER_REQUIRED });
  value.weightTiers.sort((a, b) => a.maxKg - b.maxKg);

  if (draft.serviceType === 'same_day' && !draft.sameDay) {
    errors.push({
      path: 'sameDay',
      message: 'Same-day services need sameDay pricing: baseFee, perMile and minimumFee',
    });
  }
  if (draft.serviceType !== 'same_day' && draft.sameDay) {
    errors.push({ path: 'sameDay', message: 'Only same-day services take sameDay pricing; send null' });
  }
  if (draft.serviceType === 'same_day' && draft.handover !== 'collection') {
    errors.push({
      path: 'handover',
      message: 'Same-day services collect from the door: handover must be collection',
    });
  }
  // The point prints a printerless label; a driver at the door cannot.
  if (draft.labelMode === 'printerless' && draft.handover !== 'drop_off') {
    errors.push({
      path: 'labelMode',
      message: 'A printerless service takes parcels at drop-off points only: set handover to drop_off',
    });
  }

  return { value, errors };
}
