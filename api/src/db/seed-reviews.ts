/**
 * Demo reviews and delivery records (issue 20), so a demo shows measured scores that look like
 * a marketplace's: delivered orders of the demo couriers from made-up customers who cannot sign
 * in, their reviews, and the score tables as the live code would have left them (with each
 * courier's record counting those orders and the demo claims and adjustments, issue 49). Deterministic:
 * the same list every time, dated back from the seeding day. Only ever called by seedDemoData.
 */
import { eq } from 'drizzle-orm';
import { addCalendarDays, ukDayStart, ukToday } from '../domain/uk-days';
import type { Tx } from './client';
import {
  courierRecordDays,
  orderEvents,
  orderScores,
  orders,
  reviews,
  serviceDeliveryDays,
  serviceRatings,
  users,
  vendors,
} from './schema';
import { type DemoOrder, type RecordDelta, seedDemoClaims } from './seed-claims';

type Service = {
  id: string;
  name: string;
  vendorId: string;
  serviceType: 'domestic' | 'international' | 'same_day';
};

/** [days ago delivered, days late (0 = on time), rating or null for no review, comment, reply] */
type Delivery = [number, number, number | null, string | null, string | null];

const REVIEWERS = [
  'Priya Shah',
  'Tom Evans',
  'Aisha Khan',
  'Gareth Jones',
  'Mei Lin',
  'Callum Reid',
  'Sofia Rossi',
];

/** Per demo service name: its delivered orders, newest first. */
const DELIVERIES: Record<string, Delivery[]> = {
  'UPS Standard': [
    [2, 0, 5, 'Collected on time and arrived the next morning. Tracking was clear.', null],
    [4, 0, 4, 'Good service, label printing was easy.', null],
    [
      6,
      1,
      3,
      'Arrived a day later than promised, but in one piece.',
      'Sorry for the delay: a van broke down in Leeds that day.',
    ],
    [9, 0, 5, null, null],
    [13, 0, 5, 'Third parcel with them, never a problem.', null],
    [17, 0, 4, null, null],
    [21, 0, null, null, null],
    [26, 0, 5, 'Fast and cheap.', 'Thank you!'],
    [33, 0, null, null, null],
    [48, 0, 4, 'Driver rang ahead, very helpful.', null],
    [70, 2, 2, 'Two days late and no update in between.', null],
    [120, 0, 5, 'Old review: outside the on-time window, still counts in the rating.', null],
  ],
  'DPD Next Day': [
    [1, 0, 5, 'Next day as promised.', null],
    [5, 0, 5, 'Great one-hour delivery window.', null],
    [11, 0, 4, null, null],
    [19, 0, null, null, null],
    [30, 1, 3, 'A day late.', null],
    [44, 0, 5, 'Perfect.', null],
  ],
  'UPS Promotion': [
    [3, 0, 4, 'Cheap and it got there.', null],
    [15, 0, 5, null, null],
    [40, 0, null, null, null],
  ],
};

const DEMO_ADDRESS = {
  name: 'Demo Sender',
  email: 'sender@consign.example',
  phone: '+44 20 7946 0000',
  line1: '1 High Street',
  town: 'London',
  county: 'Greater London',
  postcode: 'SW1A 1AA',
  country: 'GB',
};

export async function seedDemoReviews(tx: Tx, services: readonly Service[], now: Date): Promise<void> {
  const today = ukToday(now);
  const reviewerIds: string[] = [];
  for (const [i, name] of REVIEWERS.entries()) {
    const [row] = await tx
      .insert(users)
      // No password: these only author the demo reviews, nobody signs in as them.
      .values({ email: `reviewer${i + 1}@consign.example`, name, role: 'customer', emailVerified: true })
      .returning({ id: users.id });
    reviewerIds.push(row!.id);
  }
  const vendorNames = new Map(
    (await tx.select({ id: vendors.id, name: vendors.shopName }).from(vendors)).map((v) => [
      v.id,
      v.name ?? 'Courier',
    ]),
  );
  let n = 0;
  // Each courier's record by UK day, as the live code counts it (couriers/scores.ts): orders by the
  // day they were paid, the demo claims and adjustments (seed-claims.ts) by theirs.
  const record = new Map<string, Required<RecordDelta> & { orders: number }>();
  const count = (vendorId: string, day: string, delta: RecordDelta & { orders?: number }) => {
    if (day < addCalendarDays(today, -89)) return;
    const key = `${vendorId} ${day}`;
    const row = record.get(key) ?? {
      orders: 0,
      adjustments: 0,
      claims: 0,
      claimsDecided: 0,
      claimsAccepted: 0,
    };
    for (const [field, value] of Object.entries(delta)) row[field as keyof typeof row] += value ?? 0;
    record.set(key, row);
  };
  const delivered: DemoOrder[] = [];
  for (const service of services) {
    const list = DELIVERIES[service.name];
    if (!list) continue;
    let ratingSum = 0;
    let ratingCount = 0;
    const days = new Map<string, { delivered: number; onTime: number }>();
    for (const [index, [ago, late, rating, comment, reply]] of list.entries()) {
      n += 1;
      const deliveredDay = addCalendarDays(today, -ago);
      const promised = addCalendarDays(deliveredDay, -late);
      const collected = addCalendarDays(promised, -2);
      const deliveredAt = new Date(ukDayStart(deliveredDay).getTime() + 14 * 3_600_000);
      const paidAt = new Date(ukDayStart(collected).getTime() - 12 * 3_600_000);
      const customerId = reviewerIds[n % reviewerIds.length]!;
      const net = 749;
      const [order] = await tx
        .insert(orders)
        .values({
          customerId,
          vendorId: service.vendorId,
          courierServiceId: service.id,
          status: 'delivered',
          serviceType: service.serviceType,
          serviceName: service.name,
          vendorName: vendorNames.get(service.vendorId) ?? 'Courier',
          collectionAddress: DEMO_ADDRESS,
          deliveryAddress: {
            ...DEMO_ADDRESS,
            name: 'Demo Recipient',
            line1: '2 Royal Mile',
            town: 'Edinburgh',
            postcode: 'EH1 1AA',
          },
          collectionDate: collected,
          contents: 'Books',
          contentValue: 2000,
          parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
          chargeableWeightKg: 2,
          estimatedDelivery: promised,
          currency: 'GBP',
          net,
          vat: 150,
          total: net + 150,
          trackingNumber: `DEMO${String(n).padStart(8, '0')}`,
          searchText: 'demo recipient',
          paidAt,
          createdAt: paidAt,
          updatedAt: deliveredAt,
        })
        .returning({ id: orders.id });
      const orderId = order!.id;
      count(service.vendorId, ukToday(paidAt), { orders: 1 });
      delivered.push({
        orderId,
        customerId,
        vendorId: service.vendorId,
        serviceName: service.name,
        index,
        collectedAt: new Date(ukDayStart(collected).getTime() + 10 * 3_600_000),
        deliveredAt,
        total: net + 150,
      });
      await tx.insert(orderEvents).values([
        { orderId, at: paidAt, actorRole: 'customer', from: 'awaiting_payment', to: 'pending', note: null },
        { orderId, at: deliveredAt, actorRole: 'vendor', from: 'in_transit', to: 'delivered', note: null },
      ]);
      await tx
        .insert(orderScores)
        .values({ orderId, promisedDate: promised, deliveredDay, onTime: late === 0 });
      if (ago < 90) {
        const day = days.get(deliveredDay) ?? { delivered: 0, onTime: 0 };
        days.set(deliveredDay, { delivered: day.delivered + 1, onTime: day.onTime + (late === 0 ? 1 : 0) });
      }
      if (rating === null) continue;
      const reviewedAt = new Date(deliveredAt.getTime() + 5 * 3_600_000);
      const name = REVIEWERS[n % REVIEWERS.length]!;
      await tx.insert(reviews).values({
        orderId,
        customerId,
        vendorId: service.vendorId,
        courierServiceId: service.id,
        serviceName: service.name,
        rating,
        comment,
        authorName: name.split(' ')[0]!,
        editableUntil: new Date(reviewedAt.getTime() + 30 * 86_400_000),
        reply,
        repliedAt: reply ? new Date(reviewedAt.getTime() + 86_400_000) : null,
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
      ratingSum += rating;
      ratingCount += 1;
    }
    await tx
      .insert(serviceRatings)
      .values({ courierServiceId: service.id, vendorId: service.vendorId, ratingSum, ratingCount });
    for (const [day, counts] of days) {
      await tx
        .insert(serviceDeliveryDays)
        .values({ courierServiceId: service.id, vendorId: service.vendorId, day, ...counts });
    }
  }
  const [staff] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'admin@consign.example'));
  if (staff) await seedDemoClaims(tx, delivered, staff, count);
  for (const [key, counts] of record) {
    const [vendorId, day] = key.split(' ') as [string, string];
    await tx.insert(courierRecordDays).values({ vendorId, day, ...counts });
  }
}
