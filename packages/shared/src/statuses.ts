/**
 * The status values of orders, jobs, vendors and courier services, and how people read them:
 * sentence case on badges and in lists ("In transit"), lower case inside a sentence ("The order
 * is in transit"). The rules about moving between statuses live with the API; this is only the
 * vocabulary.
 */
import { sentenceCase } from './words';

/** DESIGN §3's order status machine, in the order an order moves through it. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'pending',
  'confirmed',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A job (the specifications' "order bid"): paid, open to vendors, then accepted or closed. */
export const JOB_STATUSES = ['awaiting_payment', 'open', 'accepted', 'withdrawn', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A vendor business starts pending; only staff make it active or suspend it. */
export const VENDOR_STATUSES = ['pending', 'active', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** A courier service is quoted only while active. */
export const COURIER_SERVICE_STATUSES = ['active', 'inactive'] as const;
export type CourierServiceStatus = (typeof COURIER_SERVICE_STATUSES)[number];

export type Status = OrderStatus | JobStatus | VendorStatus | CourierServiceStatus;

const LABELS: Readonly<Record<Status, string>> = {
  awaiting_payment: 'Awaiting payment',
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_transit: 'In transit',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  open: 'Open',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  active: 'Active',
  suspended: 'Suspended',
  inactive: 'Inactive',
};

function isKnown(status: string): status is Status {
  return Object.hasOwn(LABELS, status);
}

/**
 * 'in_transit' -> 'In transit': a status on a badge, in a list or a select. A status this
 * version does not know (a newer API) still reads in sentence case rather than as a code.
 */
export function statusLabel(status: string): string {
  return isKnown(status) ? LABELS[status] : sentenceCase(status);
}

/** 'in_transit' -> 'in transit': a status inside a sentence, in messages and emails. */
export function statusInProse(status: string): string {
  return statusLabel(status).toLowerCase();
}
