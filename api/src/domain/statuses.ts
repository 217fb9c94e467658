/**
 * The status lists of the marketplace's records. The database columns are typed by them, the
 * wire schemas enumerate them, and the rules that move between them live in their features
 * (the order machine in features/orders).
 */

/** DESIGN §3's order status machine. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'pending',
  'confirmed',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who moved an order: a person in one of their roles, or the system (payments, expiry). */
export const ORDER_ACTOR_ROLES = ['customer', 'vendor', 'admin', 'system'] as const;
export type OrderActorRole = (typeof ORDER_ACTOR_ROLES)[number];

export const JOB_STATUSES = ['awaiting_payment', 'open', 'accepted', 'withdrawn', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const PAYMENT_STATUSES = ['created', 'captured', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PARTNER_STATUSES = ['active', 'disabled'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/** A vendor starts pending; only an admin makes it active. */
export const VENDOR_STATUSES = ['pending', 'active', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

export const COURIER_SERVICE_STATUSES = ['active', 'inactive'] as const;
export type CourierServiceStatus = (typeof COURIER_SERVICE_STATUSES)[number];
