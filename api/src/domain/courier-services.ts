/**
 * A courier service as prices are read from it: what the quote engine, jobs matching and the
 * in-memory catalogue share. The database stores the same shapes (db/schema/vendors).
 */
import type { Currency } from './currency';
import type { Handover, LabelMode } from './handover';
import type { ServiceType } from './services';

/** cm³ per kg: how volume turns into chargeable weight when a service names no divisor. */
export const DEFAULT_VOLUMETRIC_DIVISOR = 5000;

/** International consignments always leave from the UK. */
export const INTERNATIONAL_ORIGIN = 'GB';

/** Prices are minor units of the service's currency. */
export type WeightTier = { maxKg: number; price: number };

/**
 * Same-day distance pricing, minor units: fee = max(minimumFee, baseFee + perMile × miles),
 * rounded half up to the minor unit. `perMile` may be fractional (e.g. 137.5 = £1.375/mile).
 */
export type SameDayPricing = {
  baseFee: number;
  perMile: number;
  minimumFee: number;
  /** The furthest the service drives, in miles; absent or null means no limit. */
  maxMiles?: number | null;
};

/** What the quote engine needs of one courier service that may be quoted right now. */
export type QuotableService = {
  id: string;
  vendorId: string;
  vendorName: string;
  name: string;
  logoUrl: string | null;
  serviceType: ServiceType;
  currency: Currency;
  fromLocation: string;
  /** A UK nation or 'Any'; for international a list of ISO alpha-2 codes or 'Any'. */
  toLocation: string | readonly string[];
  /** Sorted by maxKg, ascending. */
  weightTiers: readonly Readonly<WeightTier>[];
  maxLengthCm: number | null;
  maxWidthCm: number | null;
  maxHeightCm: number | null;
  maxWeightKg: number | null;
  volumetricDivisor: number;
  transitDays: number;
  sameDay: Readonly<SameDayPricing> | null;
  handover: Handover;
  labelMode: LabelMode;
};
