/**
 * The status values of orders, jobs, vendors and courier services, and everything that varies by
 * status: one row per order status and one per job status, which every package reads, so that a
 * new status is one row here (its fields all required), its moves in the API's transition table
 * (api/src/features/orders/status.ts, api/src/features/jobs/job-status.ts) and a line in
 * docs/architecture.md §4.
 * Any other map keyed by status is derived from these rows or typed `Record<OrderStatus, …>`, so
 * the compiler names whatever is left.
 *
 * Labels read in sentence case on badges and in lists ("In transit"), in lower case inside a
 * sentence ("The order is in transit").
 */
import { sentenceCase } from './words';

/** The order status machine (docs/architecture.md §4), in the order an order moves through it. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'pending',
  'confirmed',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A job (customers post a parcel at a price, couriers accept it): paid, open, then accepted or closed. */
export const JOB_STATUSES = ['awaiting_payment', 'open', 'accepted', 'withdrawn', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A vendor business starts pending; only staff make it active or suspend it. */
export const VENDOR_STATUSES = ['pending', 'active', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** A courier service is quoted only while active. */
export const COURIER_SERVICE_STATUSES = ['active', 'inactive'] as const;
export type CourierServiceStatus = (typeof COURIER_SERVICE_STATUSES)[number];

export type Status = OrderStatus | JobStatus | VendorStatus | CourierServiceStatus;

/** A badge's colour: pending yellow, confirmed green, in transit blue, delivered purple, ended red. */
export type StatusTone = 'yellow' | 'green' | 'blue' | 'purple' | 'red' | 'grey';

/** The public tracking page's progress bar, in order. */
export const TRACKING_STAGES = [
  { key: 'booked', label: 'Booked' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'on_its_way', label: 'On its way' },
  // Reached by the courier's out-for-delivery event, not by a status.
  { key: 'out_for_delivery', label: 'Out for delivery' },
  { key: 'delivered', label: 'Delivered' },
] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number]['key'];

/** Whether an order or job in a status has been paid for. */
export type PaidWhen = 'never' | 'always' | 'maybe';

export type OrderStatusFacts = {
  /** On a badge, in a list or a select. */
  label: string;
  /** The line an order's timeline shows when the order moves here (customers, couriers, tracking page). */
  timeline: string;
  /** The public tracking page's headline for an order here. */
  headline: string;
  tone: StatusTone;
  /** The stage of the tracking bar an order here has reached; null: the bar is not shown. */
  stage: Exclude<TrackingStage, 'out_for_delivery'> | null;
  /** 'always': only a paid order gets here, so the vendor lists, stats and paid filters count it. */
  paid: PaidWhen;
  /** Nothing follows: no status change, no tracking event. */
  final: boolean;
  /**
   * A courier may move an order here (the order drawer, the CSV upload); the transition table
   * (features/orders/status.ts) says from where, and a test holds the two together.
   */
  courierSets: boolean;
  /** Words the CSV upload reads as this status besides its own ('in transit', 'In_Transit'). */
  csvWords: readonly string[];
  /** The admin console's button that moves an order here. */
  adminAction: string;
};

export const ORDER_STATUS_FACTS = {
  awaiting_payment: {
    label: 'Awaiting payment',
    timeline: 'Order placed, waiting for payment',
    headline: 'Booked',
    tone: 'grey',
    stage: null,
    paid: 'never',
    final: false,
    courierSets: false,
    csvWords: [],
    adminAction: 'Mark awaiting payment',
  },
  pending: {
    label: 'Pending',
    timeline: 'Booked and paid; waiting for the courier to accept',
    headline: 'Booked: waiting for the courier',
    tone: 'yellow',
    stage: 'booked',
    paid: 'always',
    final: false,
    courierSets: false,
    csvWords: [],
    adminAction: 'Mark pending',
  },
  confirmed: {
    label: 'Confirmed',
    timeline: 'Accepted by the courier; collection is arranged',
    headline: 'Accepted by the courier',
    tone: 'green',
    stage: 'accepted',
    paid: 'always',
    final: false,
    courierSets: true,
    csvWords: [],
    adminAction: 'Mark confirmed',
  },
  in_transit: {
    label: 'In transit',
    timeline: 'Collected: the parcel is on its way',
    headline: 'On its way',
    tone: 'blue',
    stage: 'on_its_way',
    paid: 'always',
    final: false,
    courierSets: true,
    csvWords: [],
    adminAction: 'Mark in transit',
  },
  delivered: {
    label: 'Delivered',
    timeline: 'Delivered',
    headline: 'Delivered',
    tone: 'purple',
    stage: 'delivered',
    paid: 'always',
    final: true,
    courierSets: true,
    csvWords: [],
    adminAction: 'Mark delivered',
  },
  cancelled: {
    label: 'Cancelled',
    timeline: 'Cancelled',
    headline: 'Cancelled',
    tone: 'red',
    stage: null,
    paid: 'maybe',
    final: true,
    courierSets: true,
    csvWords: ['canceled'],
    adminAction: 'Cancel order',
  },
} as const satisfies Record<OrderStatus, OrderStatusFacts>;

export type JobStatusFacts = {
  label: string;
  tone: StatusTone;
  /** 'always': the asking price was captured (it may since have gone back). */
  paid: PaidWhen;
  /** Nothing follows: the job is an order now, or it closed. */
  final: boolean;
};

export const JOB_STATUS_FACTS = {
  awaiting_payment: { label: 'Awaiting payment', tone: 'grey', paid: 'never', final: false },
  open: { label: 'Open', tone: 'yellow', paid: 'always', final: false },
  accepted: { label: 'Accepted', tone: 'green', paid: 'always', final: true },
  withdrawn: { label: 'Withdrawn', tone: 'red', paid: 'maybe', final: true },
  expired: { label: 'Expired', tone: 'red', paid: 'maybe', final: true },
} as const satisfies Record<JobStatus, JobStatusFacts>;

const OTHER_LABELS = {
  active: 'Active',
  suspended: 'Suspended',
  inactive: 'Inactive',
} as const satisfies Record<Exclude<VendorStatus | CourierServiceStatus, OrderStatus>, string>;

/** The statuses, in their list's order, whose facts pass `test`. */
export function orderStatusesWhere(test: (facts: OrderStatusFacts) => boolean): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => test(ORDER_STATUS_FACTS[status]));
}

export function jobStatusesWhere(test: (facts: JobStatusFacts) => boolean): JobStatus[] {
  return JOB_STATUSES.filter((status) => test(JOB_STATUS_FACTS[status]));
}

/** The order statuses whose row has `field` of type `V`, as a type (the rows are literal). */
type OrderStatusesWith<F extends keyof OrderStatusFacts, V> = {
  [S in OrderStatus]: (typeof ORDER_STATUS_FACTS)[S][F] extends V ? S : never;
}[OrderStatus];

/** Statuses only a paid order reaches. */
export type PaidOrderStatus = OrderStatusesWith<'paid', 'always'>;
export const PAID_ORDER_STATUSES = orderStatusesWhere((s) => s.paid === 'always') as PaidOrderStatus[];
/** Statuses a paid order can have: what couriers see, filter and count (unpaid orders are not theirs yet). */
export type PlacedOrderStatus = Exclude<OrderStatus, OrderStatusesWith<'paid', 'never'>>;
export const PLACED_ORDER_STATUSES = orderStatusesWhere((s) => s.paid !== 'never') as PlacedOrderStatus[];
/** Paid and still moving: the order may still change and take tracking events. */
export const OPEN_PAID_ORDER_STATUSES = orderStatusesWhere((s) => s.paid === 'always' && !s.final);

const hasOwn = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(table, key);

/**
 * 'in_transit' -> 'In transit': a status on a badge, in a list or a select. A status this
 * version does not know (a newer API) still reads in sentence case rather than as a code.
 */
export function statusLabel(status: string): string {
  if (hasOwn(ORDER_STATUS_FACTS, status)) return ORDER_STATUS_FACTS[status].label;
  if (hasOwn(JOB_STATUS_FACTS, status)) return JOB_STATUS_FACTS[status].label;
  if (hasOwn(OTHER_LABELS, status)) return OTHER_LABELS[status];
  return sentenceCase(status);
}

/** 'in_transit' -> 'in transit': a status inside a sentence, in messages and emails. */
export function statusInProse(status: string): string {
  return statusLabel(status).toLowerCase();
}

/** A badge's colour for an order or job status; any other status is grey. */
export function statusTone(status: string): StatusTone {
  if (hasOwn(ORDER_STATUS_FACTS, status)) return ORDER_STATUS_FACTS[status].tone;
  if (hasOwn(JOB_STATUS_FACTS, status)) return JOB_STATUS_FACTS[status].tone;
  return 'grey';
}

/**
 * A claim for loss or damage (docs/claims-and-returns.md): filed by the customer, sent to the
 * courier, answered by it (or escalated when it misses its deadline), reviewed by staff when
 * rejected or escalated, and paid through a refund. Moves: api/src/features/claims/claims.machine.ts.
 */
export const CLAIM_STATUSES = [
  'submitted',
  'with_courier',
  'accepted',
  'part_accepted',
  'rejected',
  'escalated',
  'paid',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_KINDS = ['loss', 'damage'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export type ClaimStatusFacts = {
  label: string;
  tone: StatusTone;
  /** The line the order's timeline shows when a claim moves here. */
  timeline: string;
};

export const CLAIM_STATUS_FACTS = {
  submitted: { label: 'Submitted', tone: 'grey', timeline: 'Claim filed' },
  with_courier: {
    label: 'With courier',
    tone: 'yellow',
    timeline: 'Claim sent to the courier for an answer',
  },
  accepted: { label: 'Accepted', tone: 'green', timeline: 'Claim accepted' },
  part_accepted: { label: 'Part accepted', tone: 'green', timeline: 'Claim part accepted' },
  rejected: { label: 'Rejected', tone: 'red', timeline: 'Claim rejected' },
  escalated: {
    label: 'Escalated',
    tone: 'purple',
    timeline: 'Claim escalated to Consign staff: the courier did not answer in time',
  },
  paid: { label: 'Paid', tone: 'blue', timeline: 'Claim paid' },
} as const satisfies Record<ClaimStatus, ClaimStatusFacts>;

export const CLAIM_KIND_LABELS = { loss: 'Loss', damage: 'Damage' } as const satisfies Record<
  ClaimKind,
  string
>;

/**
 * A courier's weight or size adjustment (docs/claims-and-returns.md, "Adjustments"): filed by the
 * courier after measuring, accepted (and then paid) or disputed by the customer, disputes decided
 * by staff (upheld: the customer pays; overturned: nothing is charged).
 * Moves: api/src/features/adjustments/adjustments.machine.ts.
 */
export const ADJUSTMENT_STATUSES = [
  'awaiting_customer',
  'accepted',
  'disputed',
  'upheld',
  'overturned',
  'paid',
] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const ADJUSTMENT_STATUS_FACTS = {
  awaiting_customer: {
    label: 'Awaiting your answer',
    tone: 'yellow',
    timeline: 'The courier measured the parcel and asked for a price adjustment',
  },
  accepted: { label: 'Accepted, to pay', tone: 'yellow', timeline: 'Price adjustment accepted' },
  disputed: {
    label: 'Disputed',
    tone: 'purple',
    timeline: 'Price adjustment disputed: Consign staff decide',
  },
  upheld: {
    label: 'Upheld, to pay',
    tone: 'yellow',
    timeline: 'Price adjustment upheld by Consign staff',
  },
  overturned: {
    label: 'Overturned',
    tone: 'green',
    timeline: 'Price adjustment overturned by Consign staff: nothing to pay',
  },
  paid: { label: 'Paid', tone: 'blue', timeline: 'Price adjustment paid' },
} as const satisfies Record<AdjustmentStatus, ClaimStatusFacts>;
