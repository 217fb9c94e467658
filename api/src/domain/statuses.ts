/**
 * The status lists of the marketplace's records. The database columns are typed by them, the
 * wire schemas enumerate them, and the rules that move between them live in their features
 * (the order machine in features/orders).
 */

// The lists people see are shared with the front ends (@consign/shared), labels included.
export {
  ADJUSTMENT_STATUS_FACTS,
  ADJUSTMENT_STATUSES,
  type AdjustmentStatus,
  CLAIM_KINDS,
  CLAIM_STATUS_FACTS,
  CLAIM_STATUSES,
  type ClaimKind,
  type ClaimStatus,
  COURIER_SERVICE_STATUSES,
  type CourierServiceStatus,
  JOB_STATUS_FACTS,
  JOB_STATUSES,
  type JobStatus,
  jobStatusesWhere,
  OPEN_PAID_ORDER_STATUSES,
  ORDER_STATUS_FACTS,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusesWhere,
  PAID_ORDER_STATUSES,
  PLACED_ORDER_STATUSES,
  type PlacedOrderStatus,
  statusInProse,
  TRACKING_STAGES,
  type TrackingStage,
  VENDOR_STATUSES,
  type VendorStatus,
} from '@consign/shared/statuses';

/** Who moved an order: a person in one of their roles, or the system (payments, expiry). */
export const ORDER_ACTOR_ROLES = ['customer', 'vendor', 'admin', 'system'] as const;
export type OrderActorRole = (typeof ORDER_ACTOR_ROLES)[number];

// What a courier adds to an order's timeline without moving its status, and how it reads (features/tracking).
export { TRACKING_EVENT_KINDS, type TrackingEventKind } from '@consign/shared/tracking';

export const PAYMENT_STATUSES = ['created', 'captured', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PARTNER_STATUSES = ['active', 'disabled'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];
