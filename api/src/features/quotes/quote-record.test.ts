import { describe, expect, it } from 'vitest';
import type { StoredOption } from '../../db/schema';
import { ScoreSnapshot } from '../couriers';
import { parseOptionId, type QuoteRow, type SharedParts } from './quote-record';
import { QuoteView } from './quotes.service';

/** The shared parts as the store builds them, through the only way it builds them: JSON of facts. */
async function partsFrom(facts: Record<number, object>): Promise<Map<number, SharedParts>> {
  const { serviceFactsStore } = await import('./quote-record');
  const rows = Object.entries(facts).map(([id, f]) => ({ id: Number(id), facts: JSON.stringify(f) }));
  // A fake database answering the store's one read: every row asked for.
  const db = { select: () => ({ from: () => ({ where: async () => rows }) }) };
  return serviceFactsStore(db as never).partsFor(rows.map((r) => r.id));
}

const limits = {
  maxLengthCm: 120,
  maxWidthCm: null,
  maxHeightCm: 80.5,
  maxWeightKg: null,
  volumetricDivisor: 4000,
};
const facts = (n: number, over: object = {}) => ({
  courierServiceId: `s-${n}`,
  vendorId: `v-${n}`,
  name: `Service ${n}`,
  logoUrl: null,
  vendorName: 'Acme',
  serviceType: 'domestic',
  currency: 'GBP',
  transitDays: n,
  limits,
  ...over,
});

function quote(options: StoredOption[], over: Partial<QuoteRow> = {}): QuoteRow {
  return {
    id: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e',
    request: {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2.5 }],
    },
    serviceType: 'domestic',
    userId: null,
    partnerId: null,
    options,
    distanceMiles: null,
    distanceSource: null,
    createdAt: new Date('2026-03-11T10:00:00.123Z'),
    expiresAt: new Date('2026-03-11T10:30:00.123Z'),
    bookedAt: null,
    ...over,
  };
}

/**
 * Service 1 rated and on time, service 2 too new for either figure, service 3 never scored;
 * vendor 1 with a full record, vendor 2 with too few orders, vendor 3 with none.
 */
const scores = new ScoreSnapshot(
  new Map([
    ['s-1', { ratingSum: 23, ratingCount: 5, delivered: 8, onTime: 7 }],
    ['s-2', { ratingSum: 9, ratingCount: 2, delivered: 4, onTime: 4 }],
  ]),
  new Map([
    ['v-1', { orders: 40, adjustments: 3, claims: 2, claimsDecided: 3, claimsAccepted: 2 }],
    ['v-2', { orders: 4, adjustments: 1, claims: 1, claimsDecided: 0, claimsAccepted: 0 }],
  ]),
);

describe('a stored quote shown again', () => {
  it('writes exactly the JSON of its objects, for every kind of option', async () => {
    const parts = await partsFrom({
      1: facts(1),
      2: facts(2, { name: 'Quote "marks" \\ and ünïcödé\u2028', logoUrl: '/uploads/a.png', currency: 'EUR' }),
      3: facts(3, { serviceType: 'same_day', transitDays: 0 }),
    });
    const cases: QuoteRow[] = [
      quote([]),
      quote([
        [1, 999, 200, 1199, 2, 0, 20524],
        [2, 999, 0, 999, 12.35, 1, 20525],
        [1, 1500, 300, 1800, 0.01, 1, 20523],
        [2, 999, 0, 999, 2, 0, 20523],
      ]),
      quote([[3, 2500, 500, 3000, 1, 0, 20523]], {
        serviceType: 'same_day',
        distanceMiles: 3.25,
        distanceSource: 'maps',
        request: { serviceType: 'same_day', fromPostcode: 'SW1A 1AA', toPostcode: 'EC1A 1BB', parcels: [] },
      }),
    ];
    for (const now of [new Date('2026-03-11T10:10:00Z'), new Date('2026-03-11T11:00:00Z')]) {
      for (const row of cases) {
        for (const served of [true, false]) {
          const view = new QuoteView(row, parts, now, served, scores);
          expect(view.jsonBytes().toString('utf8')).toBe(JSON.stringify(view.dto()));
        }
      }
    }
    const dto = new QuoteView(cases[1]!, parts, new Date(0), true, scores).dto();
    expect(dto.options.map((o) => o.badges)).toEqual([
      [],
      ['cheapest'],
      ['fastest'],
      ['cheapest', 'fastest'],
    ]);
    expect(dto.options.map((o) => o.estimatedDelivery)).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-11',
      '2026-03-11',
    ]);
    expect(dto.options[1]).toMatchObject({
      billedBy: 'volumetric',
      price: { currency: 'EUR' },
      id: `${cases[1]!.id}.1`,
    });
    expect(dto.options[0]).toMatchObject({
      rating: { average: 4.6, count: 5 },
      onTime: { share: 0.875, delivered: 8 },
    });
    expect(dto.options[1]).toMatchObject({
      rating: { average: null, count: 2 },
      onTime: { share: null, delivered: 4 },
    });
    const unscored = new QuoteView(cases[2]!, parts, new Date(0), true, scores).dto().options[0];
    expect(unscored).toMatchObject({
      rating: { average: null, count: 0 },
      onTime: { share: null, delivered: 0 },
    });
  });

  it('reads an option id as its quote and position', () => {
    expect(parseOptionId('q-1.12')).toEqual({ quoteId: 'q-1', position: 12 });
    for (const bad of ['q-1', 'q-1.', '.1', 'q-1.x', 'q-1.-1', 'q-1.1e3', 'q-1.12345'])
      expect(parseOptionId(bad), bad).toBeNull();
  });
});
