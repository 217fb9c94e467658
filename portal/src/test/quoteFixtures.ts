/** Test data for the quote pages' unit tests. */
import type { ReferenceData } from '../shared/api/meta';
import type { Quote, QuoteOption } from '../shared/api/quotes';
import { FALLBACK_REFERENCE_DATA } from '../shared/quotes/referenceData';

export const referenceData: ReferenceData = {
  ...FALLBACK_REFERENCE_DATA,
  internationalDestinations: [
    { code: 'AL', name: 'Albania' },
    { code: 'FR', name: 'France' },
    { code: 'DE', name: 'Germany' },
    { code: 'US', name: 'United States' },
  ],
};

export function option(overrides: Partial<QuoteOption> & { id: string }): QuoteOption {
  return {
    courierService: { id: `s-${overrides.id}`, name: `Courier ${overrides.id}`, logoUrl: null },
    vendor: { id: 'v1', name: 'Swift Couriers' },
    serviceType: 'domestic',
    handover: 'collection',
    labelMode: 'printed',
    price: { net: 1000, vat: 200, total: 1200, currency: 'GBP' },
    chargeableWeightKg: 1,
    billedBy: 'actual',
    estimatedDelivery: '2026-03-12',
    transitDays: 2,
    limits: {
      maxLengthCm: null,
      maxWidthCm: null,
      maxHeightCm: null,
      maxWeightKg: null,
      volumetricDivisor: 5000,
    },
    badges: [],
    rating: { average: 4.6, count: 12 },
    onTime: { share: 0.94, delivered: 50 },
    record: {
      orders: 40,
      adjustments: 1,
      adjustmentRate: 0.025,
      claims: 2,
      claimsPerHundred: 5,
      claimsDecided: 3,
      claimsAccepted: 0.667,
    },
    ...overrides,
  };
}

export function quote(options: QuoteOption[], overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'q-1',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
    expired: false,
    collectionDate: '2026-03-10',
    routeServed: true,
    request: {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 1 }],
    },
    options,
    ...overrides,
  };
}
