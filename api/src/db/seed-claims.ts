/**
 * Demo claims and price adjustments (issue 49) on the demo couriers' delivered orders, so their
 * record (couriers/scores.ts) is not empty and the courier dashboard and the console's queues show
 * every kind of state: a claim with the courier, two paid (accepted in full and in part), one
 * rejected by staff, one escalated; adjustments overturned and disputed. Each with its timeline
 * entries and audit rows, as the live code writes them. None is left accepted and unpaid (the
 * claims sweep would try to refund a demo order, which has no payment). Only called by
 * seedDemoReviews, inside the seeding transaction.
 */
import { addWorkingDays, ukDayEnd, ukToday } from '../domain/uk-days';
import type { Tx } from './client';
import { adjustments, auditLog, claims, orderEvents } from './schema';

/** A delivered demo order, as seedDemoReviews made it. */
export type DemoOrder = {
  orderId: string;
  customerId: string;
  vendorId: string;
  serviceName: string;
  /** Its index in the service's list of deliveries (0 = the newest). */
  index: number;
  collectedAt: Date;
  deliveredAt: Date;
  total: number;
};

/** What a demo claim or adjustment adds to its courier's record, by UK day (courier_record_days). */
export type RecordDelta = {
  adjustments?: number;
  claims?: number;
  claimsDecided?: number;
  claimsAccepted?: number;
};

type Step = { hours: number; status: string; by: 'customer' | 'vendor' | 'admin' | 'system'; note: string };

type DemoClaim = {
  service: string;
  index: number;
  /** The claim's final status and the steps to it, hours after delivery. */
  status: 'with_courier' | 'paid' | 'rejected' | 'escalated';
  description: string;
  amountClaimed: number;
  amountAgreed?: number;
  courierNote?: string;
  staffNote?: string;
  steps: Step[];
};

const filed = (hours: number): Step[] => [
  { hours, status: 'submitted', by: 'customer', note: 'Damage claim filed' },
  { hours, status: 'with_courier', by: 'system', note: 'Sent to the courier' },
];

const CLAIMS: DemoClaim[] = [
  {
    service: 'UPS Standard',
    index: 0,
    status: 'with_courier',
    description: 'The corner of the box was crushed and two of the books have bent covers.',
    amountClaimed: 600,
    steps: filed(3),
  },
  {
    service: 'DPD Next Day',
    index: 1,
    status: 'paid',
    description: 'The parcel arrived soaked through; the books inside are ruined.',
    amountClaimed: 800,
    amountAgreed: 800,
    courierNote: 'Our driver left it in the rain. Sorry: refunded in full.',
    steps: [
      ...filed(2),
      {
        hours: 20,
        status: 'accepted',
        by: 'vendor',
        note: 'Our driver left it in the rain. Sorry: refunded in full.',
      },
      { hours: 20, status: 'paid', by: 'system', note: 'Paid by refund to the customer' },
    ],
  },
  {
    service: 'UPS Standard',
    index: 2,
    status: 'paid',
    description: 'One of the three books arrived with a torn cover.',
    amountClaimed: 899,
    amountAgreed: 400,
    courierNote: 'One book of three was damaged: we refund its share.',
    steps: [
      ...filed(4),
      {
        hours: 30,
        status: 'part_accepted',
        by: 'vendor',
        note: 'One book of three was damaged: we refund its share.',
      },
      { hours: 30, status: 'paid', by: 'system', note: 'Paid by refund to the customer' },
    ],
  },
  {
    service: 'UPS Standard',
    index: 4,
    status: 'rejected',
    description: 'The books have scuffed edges.',
    amountClaimed: 500,
    courierNote: 'Signed for in good order; the scuffs are wear from before collection.',
    staffNote: 'The photos show old wear, not transit damage: the rejection stands.',
    steps: [
      ...filed(5),
      {
        hours: 26,
        status: 'rejected',
        by: 'vendor',
        note: 'Signed for in good order; the scuffs are wear from before collection.',
      },
      {
        hours: 50,
        status: 'rejected',
        by: 'admin',
        note: 'The photos show old wear, not transit damage: the rejection stands.',
      },
    ],
  },
  {
    service: 'UPS Promotion',
    index: 1,
    status: 'escalated',
    description: 'The box arrived open and one book is missing.',
    amountClaimed: 700,
    steps: [
      ...filed(6),
      {
        hours: 24 * 7,
        status: 'escalated',
        by: 'system',
        note: 'The courier did not answer by its deadline',
      },
    ],
  },
];

type DemoAdjustment = {
  service: string;
  index: number;
  status: 'overturned' | 'disputed';
  measuredWeight: number;
  /** The rate card's net price for the booked (2 kg) and measured parcel, in pence (seed.ts's tiers). */
  bookedNet: number;
  measuredNet: number;
  disputeReason: string;
  staffNote?: string;
};

const ADJUSTMENTS: DemoAdjustment[] = [
  {
    service: 'UPS Standard',
    index: 3,
    status: 'overturned',
    measuredWeight: 4,
    bookedNet: 749,
    measuredNet: 999,
    disputeReason: 'I weighed it at 1.9 kg on my kitchen scales before it was collected.',
    staffNote: 'The photo does not show the scale’s reading: the booked weight stands.',
  },
  {
    service: 'DPD Next Day',
    index: 2,
    status: 'disputed',
    measuredWeight: 4,
    bookedNet: 895,
    measuredNet: 1095,
    disputeReason: 'The same box weighed 2 kg at the post office the week before.',
  },
  {
    service: 'UPS Promotion',
    index: 2,
    status: 'overturned',
    measuredWeight: 6,
    bookedNet: 799,
    measuredNet: 1199,
    disputeReason: 'These are three paperbacks; they cannot weigh 6 kg.',
    staffNote: 'The measurement was of another parcel: overturned.',
  },
];

const at = (from: Date, hours: number) => new Date(from.getTime() + hours * 3_600_000);
const withVat = (net: number) => net + Math.round(net * 0.2);

/**
 * Writes the demo claims and adjustments; `count` adds each to its courier's record on its UK day
 * (the record counts filings on their day and final decisions on theirs).
 */
export async function seedDemoClaims(
  tx: Tx,
  orders: readonly DemoOrder[],
  staff: { id: string; email: string },
  count: (vendorId: string, day: string, delta: RecordDelta) => void,
): Promise<void> {
  const find = (service: string, index: number) =>
    orders.find((o) => o.serviceName === service && o.index === index);

  for (const c of CLAIMS) {
    const order = find(c.service, c.index);
    if (!order) continue;
    const filedAt = at(order.deliveredAt, c.steps[0]!.hours);
    const last = at(order.deliveredAt, c.steps.at(-1)!.hours);
    const deadline = new Date(ukDayEnd(addWorkingDays(ukToday(filedAt), 3)).getTime() - 1);
    const answered = c.steps.find((s) => s.by === 'vendor');
    const decided = c.steps.find((s) => s.by === 'admin');
    const [claim] = await tx
      .insert(claims)
      .values({
        orderId: order.orderId,
        customerId: order.customerId,
        vendorId: order.vendorId,
        kind: 'damage',
        status: c.status,
        description: c.description,
        photos: [],
        proofOfValue: [],
        currency: 'GBP',
        amountClaimed: c.amountClaimed,
        cap: Math.min(2000, order.total),
        amountAgreed: c.amountAgreed ?? null,
        bearer: c.amountAgreed ? 'courier' : null,
        courierNote: c.courierNote ?? null,
        respondedAt: answered ? at(order.deliveredAt, answered.hours) : null,
        courierDeadline: deadline,
        staffNote: c.staffNote ?? null,
        decidedBy: decided ? staff.id : null,
        decidedAt: decided ? at(order.deliveredAt, decided.hours) : null,
        paidAt: c.status === 'paid' ? last : null,
        createdAt: filedAt,
        updatedAt: last,
      })
      .returning({ id: claims.id });
    let from: string | null = null;
    for (const step of c.steps) {
      const when = at(order.deliveredAt, step.hours);
      await tx.insert(orderEvents).values({
        orderId: order.orderId,
        at: when,
        actorRole: step.by,
        actorId: step.by === 'admin' ? staff.id : null,
        from: 'delivered',
        to: 'delivered',
        note: step.note,
        claimStatus: step.status as typeof claims.$inferInsert.status,
      });
      await tx.insert(auditLog).values({
        actorId: step.by === 'admin' ? staff.id : null,
        actorEmail: step.by === 'admin' ? staff.email : step.by === 'system' ? 'system' : `demo ${step.by}`,
        action: from === null ? 'claim.file' : `claim.${step.status}`,
        entityType: 'claim',
        entityId: claim!.id,
        before: from === null ? null : { status: from },
        after: { status: step.status, amountClaimed: c.amountClaimed, amountAgreed: c.amountAgreed ?? null },
        reason: step.note,
        createdAt: when,
      });
      from = step.status;
    }
    count(order.vendorId, ukToday(filedAt), { claims: 1 });
    // Decided for good: accepted by the courier, or decided by staff (a courier's rejection alone is not).
    const final = c.steps.find((s) => s.status === 'accepted' || s.status === 'part_accepted') ?? decided;
    if (final) {
      const accepted = final.status === 'accepted' || final.status === 'part_accepted';
      count(order.vendorId, ukToday(at(order.deliveredAt, final.hours)), {
        claimsDecided: 1,
        claimsAccepted: accepted ? 1 : 0,
      });
    }
  }

  for (const a of ADJUSTMENTS) {
    const order = find(a.service, a.index);
    if (!order) continue;
    const filedAt = at(order.collectedAt, 8);
    const disputedAt = at(filedAt, 20);
    const decidedAt = a.status === 'overturned' ? at(disputedAt, 26) : null;
    const booked = { length: 30, width: 20, height: 10, weight: 2 };
    const bookedPrice = withVat(749);
    const adjustedPrice = withVat(749 + a.measuredNet - a.bookedNet);
    const [row] = await tx
      .insert(adjustments)
      .values({
        orderId: order.orderId,
        customerId: order.customerId,
        vendorId: order.vendorId,
        status: a.status,
        bookedParcels: [booked],
        measuredParcels: [{ ...booked, weight: a.measuredWeight }],
        bookedChargeableKg: 2,
        measuredChargeableKg: a.measuredWeight,
        photos: [],
        note: 'Weighed at the depot',
        currency: 'GBP',
        bookedPrice,
        adjustedPrice,
        difference: adjustedPrice - bookedPrice,
        disputeReason: a.disputeReason,
        disputedAt,
        staffNote: a.staffNote ?? null,
        decidedBy: decidedAt ? staff.id : null,
        decidedAt,
        createdAt: filedAt,
        updatedAt: decidedAt ?? disputedAt,
      })
      .returning({ id: adjustments.id });
    const steps: { when: Date; status: string; by: 'vendor' | 'customer' | 'admin'; note: string }[] = [
      { when: filedAt, status: 'awaiting_customer', by: 'vendor', note: 'Weighed at the depot' },
      { when: disputedAt, status: 'disputed', by: 'customer', note: a.disputeReason },
      ...(decidedAt
        ? [{ when: decidedAt, status: 'overturned', by: 'admin' as const, note: a.staffNote ?? '' }]
        : []),
    ];
    let from: string | null = null;
    for (const step of steps) {
      await tx.insert(orderEvents).values({
        orderId: order.orderId,
        at: step.when,
        actorRole: step.by,
        actorId: step.by === 'admin' ? staff.id : null,
        from: 'in_transit',
        to: 'in_transit',
        note: step.note,
        adjustmentStatus: step.status as typeof adjustments.$inferInsert.status,
      });
      await tx.insert(auditLog).values({
        actorId: step.by === 'admin' ? staff.id : null,
        actorEmail: step.by === 'admin' ? staff.email : `demo ${step.by}`,
        action: from === null ? 'adjustment.file' : `adjustment.${step.status}`,
        entityType: 'adjustment',
        entityId: row!.id,
        before: from === null ? null : { status: from },
        after: { status: step.status, difference: adjustedPrice - bookedPrice },
        reason: step.note,
        createdAt: step.when,
      });
      from = step.status;
    }
    count(order.vendorId, ukToday(filedAt), { adjustments: 1 });
  }
}
