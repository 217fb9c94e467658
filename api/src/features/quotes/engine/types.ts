/**
 * Types of the pure quote engine. They describe what the engine needs, not how the database
 * stores it: the quotes service maps courier-service rows onto `CourierServiceRates`.
 */
import type { SameDayPricing, WeightTier } from '../../../domain/courier-services';
import type { Currency } from '../../../domain/currency';
import type { ServiceType } from '../../../domain/services';

export type { SameDayPricing, WeightTier };

export type CourierServiceRates = {
  id: string;
  vendorId: string;
  vendorName: string;
  name: string;
  logoUrl: string | null;
  serviceType: ServiceType;
  currency: Currency;
  /** A UK nation or 'Any'. Not compared for international quotes, whose origin is always GB. */
  fromLocation: string;
  /**
   * Domestic / same-day: a UK nation (or a list of them) or 'Any'.
   * International: a list of ISO 3166-1 alpha-2 codes (a single code is accepted) or 'Any'.
   */
  toLocation: string | readonly string[];
  weightTiers: readonly WeightTier[];
  /** Limits are compared per parcel; null or undefined means no limit. */
  maxLengthCm?: number | null | undefined;
  maxWidthCm?: number | null | undefined;
  maxHeightCm?: number | null | undefined;
  maxWeightKg?: number | null | undefined;
  /** cm³ per kg; 5000 when not set, the usual road-courier divisor. */
  volumetricDivisor?: number | null | undefined;
  /** Working days from collection to delivery; ignored for same-day. */
  transitDays: number;
  sameDay?: SameDayPricing | null | undefined;
  /**
   * Optional statuses: callers normally pass only active services of active vendors, but when
   * these are present `isQuotable` enforces them too, so a missed filter cannot leak a quote.
   */
  status?: string | undefined;
  vendorStatus?: string | undefined;
};

/** Centimetres and kilograms. */
export type Parcel = { length: number; width: number; height: number; weight: number };

export type QuoteRequest = {
  serviceType: ServiceType;
  /** Domestic / same-day: UK nation; international: 'GB' (assumed when absent). */
  from?: string | undefined;
  /** Domestic / same-day: UK nation; international: ISO alpha-2 destination. */
  to?: string | undefined;
  fromPostcode?: string | undefined;
  toPostcode?: string | undefined;
  parcels: readonly Parcel[];
};

export type DistanceSource = 'estimate' | 'maps';

export type QuoteContext = {
  now: Date;
  /** The collection day (YYYY-MM-DD) delivery dates assume; absent: the next collection day. */
  collectionDate?: string | undefined;
  /** Road miles between the same-day postcodes; without it no same-day service is quoted. */
  distanceMiles?: number | undefined;
  distanceSource?: DistanceSource | undefined;
};

export type BilledBy = 'actual' | 'volumetric';
export type QuoteBadge = 'cheapest' | 'fastest';

export type ServiceLimits = {
  maxLengthCm: number | null;
  maxWidthCm: number | null;
  maxHeightCm: number | null;
  maxWeightKg: number | null;
  /** cm³ per kg: how volume turns into chargeable weight (shown so the billing can be explained). */
  volumetricDivisor: number;
};

export type PricedParcel = {
  /** max(actual, volumetric), to the gram. */
  chargeableWeightKg: number;
  billedBy: BilledBy;
  /** The tier that priced this parcel. */
  tierMaxKg: number;
  price: number;
};

export type QuoteOption = {
  courierServiceId: string;
  vendorId: string;
  vendorName: string;
  name: string;
  logoUrl: string | null;
  serviceType: ServiceType;
  price: { net: number; vat: number; total: number; currency: Currency };
  /** Sum over parcels, two decimals. */
  chargeableWeightKg: number;
  /** 'volumetric' when any parcel was billed by volume. */
  billedBy: BilledBy;
  /** YYYY-MM-DD, UK calendar. */
  estimatedDelivery: string;
  transitDays: number;
  limits: ServiceLimits;
  badges: QuoteBadge[];
  distance?: { miles: number; source: DistanceSource };
  /** How the net price was built, kept with the stored quote so a booking can show and audit it. */
  breakdown: { parcels: PricedParcel[]; distanceFee: number | null };
};

export type ExclusionReason =
  | 'not_quotable'
  | 'service_type_mismatch'
  | 'route_mismatch'
  | 'over_limit'
  | 'no_tier'
  | 'distance_unknown'
  | 'over_distance';

export type ServiceEvaluation =
  | { ok: true; option: Omit<QuoteOption, 'badges'> }
  | { ok: false; reason: ExclusionReason; detail: string };
