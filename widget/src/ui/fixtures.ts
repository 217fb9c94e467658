import type { Quote, ReferenceData } from '../api';

/** Sample API answers for the widget's tests and stories, shaped by the generated types. */
export const REFERENCE = {
  ukNations: ['England', 'Northern Ireland', 'Scotland', 'Wales'].map((n) => ({ value: n, label: n })),
  internationalDestinations: [
    { code: 'FR', name: 'France' },
    { code: 'DE', name: 'Germany' },
  ],
  defaultDestination: 'FR',
} as unknown as ReferenceData;

/** One priced option; `total` includes 20% VAT. */
export const sampleOption = (
  id: string,
  name: string,
  total: number,
  date: string,
  badges: string[] = [],
  rating: { average: number | null; count: number } = { average: 4.6, count: 12 },
  onTime: { share: number | null; delivered: number } = { share: 0.94, delivered: 50 },
  handover: 'collection' | 'drop_off' | 'both' = 'both',
  labelMode: 'printed' | 'printerless' = 'printed',
  record: {
    orders: number;
    adjustments: number;
    adjustmentRate: number | null;
    claims: number;
    claimsPerHundred: number | null;
    claimsDecided: number;
    claimsAccepted: number | null;
  } = {
    orders: 300,
    adjustments: 1,
    adjustmentRate: 0.003,
    claims: 4,
    claimsPerHundred: 1.3,
    claimsDecided: 3,
    claimsAccepted: 0.667,
  },
) => ({
  id,
  courierService: { id: `s-${id}`, name, logoUrl: null },
  vendor: { id: 'v1', name: 'Swift Couriers Ltd' },
  serviceType: 'domestic',
  handover,
  labelMode,
  price: { net: Math.round(total / 1.2), vat: total - Math.round(total / 1.2), total, currency: 'GBP' },
  chargeableWeightKg: 2,
  billedBy: 'actual',
  estimatedDelivery: date,
  transitDays: 1,
  limits: {
    maxLengthCm: null,
    maxWidthCm: null,
    maxHeightCm: null,
    maxWeightKg: null,
    volumetricDivisor: 5000,
  },
  badges,
  rating,
  onTime,
  record,
});

/** A quote with two options, the dearer one first, as the API would not send them. */
export const QUOTE = {
  id: 'q1',
  createdAt: '2026-05-06T10:00:00Z',
  expiresAt: '2026-05-06T10:30:00Z',
  expired: false,
  request: { serviceType: 'domestic', parcels: [] },
  options: [
    sampleOption('o1', 'Next Day', 899, '2026-05-07', ['fastest']),
    sampleOption(
      'o2',
      'Economy',
      599,
      '2026-05-09',
      ['cheapest'],
      { average: null, count: 1 },
      { share: null, delivered: 2 },
      'drop_off',
      'printerless',
      {
        orders: 4,
        adjustments: 0,
        adjustmentRate: null,
        claims: 0,
        claimsPerHundred: null,
        claimsDecided: 0,
        claimsAccepted: null,
      },
    ),
  ],
} as unknown as Quote;
