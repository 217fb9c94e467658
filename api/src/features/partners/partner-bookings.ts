import type { OrderStatus } from '../../db/schema';

/**
 * The one rule for a partner's bookings, in the console and in the partner area alike: an order
 * that was paid and is not cancelled (a cancelled paid order was refunded).
 */
export const UNBOOKED = ['awaiting_payment', 'cancelled'] as const satisfies readonly OrderStatus[];
export const isBooking = (status: OrderStatus) => !(UNBOOKED as readonly OrderStatus[]).includes(status);
