/**
 * The recipient's one-click unsubscribe token (RFC 8058): an HMAC of the order id with the app's
 * signing secret, so it needs no table, cannot be guessed from the tracking code, and stops mail
 * for that one parcel only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'consign:tracking-unsubscribe:v1';

export function unsubscribeToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\u0000${orderId}`).digest('base64url');
}

export function isUnsubscribeToken(secret: string, orderId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
