/**
 * The shopper's signed link to one order (docs/widget.md, "After the booking"): an HMAC of the
 * order id and an expiry with the app's signing secret, so it needs no table, cannot be guessed
 * from the order id or reference, opens that one order only, and lapses on its own.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'consign:order-view:v1';

/** How long a link opens the order: long enough to print the label and check on the booking. */
export const ORDER_VIEW_DAYS = 30;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\u0000${payload}`).digest('base64url');

export type OrderViewGrant = { orderId: string; expiresAt: Date };

/** A token for the order, valid until `ORDER_VIEW_DAYS` after `now`. */
export function orderViewToken(
  secret: string,
  orderId: string,
  now: Date,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + ORDER_VIEW_DAYS * 86_400_000);
  const payload = Buffer.from(
    JSON.stringify({ o: orderId, e: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return { token: `${payload}.${sign(secret, payload)}`, expiresAt };
}

/**
 * What a token grants, or why not: `invalid` when this server did not make it (or it was
 * changed), `expired` when it did but its time is over.
 */
export function readOrderViewToken(
  secret: string,
  token: string,
  now: Date,
): OrderViewGrant | { problem: 'invalid' | 'expired' } {
  const [payload = '', signature = '', extra] = token.split('.');
  if (extra !== undefined || !payload) return { problem: 'invalid' };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'invalid' };
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { problem: 'invalid' };
  }
  const { o, e } = (body ?? {}) as { o?: unknown; e?: unknown };
  if (typeof o !== 'string' || typeof e !== 'number') return { problem: 'invalid' };
  const expiresAt = new Date(e * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { problem: 'expired' };
  return { orderId: o, expiresAt };
}
