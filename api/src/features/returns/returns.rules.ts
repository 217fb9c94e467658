/**
 * The rules of a return, as pure functions: the window, the reverse route's quote request, and the
 * draft token that carries a checked return from the signed-out start to the signed-in booking.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReturnPolicy, ReturnReason } from '@consign/shared/returns';
import type { OrderAddress } from '../../db/schema';
import { addCalendarDays, ukDayEnd, ukToday } from '../../domain/uk-days';
import { nationOfPostcode } from '../../providers/distance/postcode';

/** The last instant (UK time, 23:59:59.999) of the `windowDays`th calendar day after the day of delivery. */
export function returnWindowEnd(deliveredAt: Date, windowDays: number): Date {
  return new Date(ukDayEnd(addCalendarDays(ukToday(deliveredAt), windowDays)).getTime() - 1);
}

/** Why this order cannot be returned now, or null. */
export function returnProblem(
  order: { status: string; serviceType: string; deliveredAt: Date | null },
  policy: Pick<ReturnPolicy, 'windowDays'>,
  now: Date,
): { code: string; message: string } | null {
  if (order.status !== 'delivered' || !order.deliveredAt) {
    return {
      code: 'return_not_delivered',
      message: 'This parcel has not been delivered yet: a return can start once it has been',
    };
  }
  if (order.serviceType === 'international') {
    return {
      code: 'return_not_offered',
      message: 'Returns are offered for parcels delivered in the UK only',
    };
  }
  const end = returnWindowEnd(order.deliveredAt, policy.windowDays);
  if (now.getTime() > end.getTime()) {
    return {
      code: 'return_window',
      message: `The return window of ${policy.windowDays} days after delivery closed on ${ukToday(end)}`,
    };
  }
  return null;
}

/** The quote request for the reverse route: the recipient sends back to the original sender. */
export function reverseQuoteRequest(
  original: { collectionAddress: OrderAddress; deliveryAddress: OrderAddress; parcels: unknown[] },
  collectionDate?: string,
) {
  return {
    serviceType: 'domestic' as const,
    from: nationOfPostcode(original.deliveryAddress.postcode) ?? 'England',
    to: nationOfPostcode(original.collectionAddress.postcode) ?? 'England',
    parcels: original.parcels as { length: number; width: number; height: number; weight: number }[],
    ...(collectionDate ? { collectionDate } : {}),
  };
}

/** What a draft carries: the original, the reason, the quote priced for it and when it lapses. */
export type ReturnDraft = { orderId: string; reason: ReturnReason; quoteId: string; expiresAt: number };

const PURPOSE = 'consign:return-draft:v1';
const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\u0000${payload}`).digest('base64url');

/** A signed draft: no table, and only this server can have made it (the tracking code was checked). */
export function draftToken(secret: string, draft: ReturnDraft): string {
  const payload = Buffer.from(JSON.stringify(draft)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The draft a token carries, or null when it was not made here or was changed. Expiry is the caller's. */
export function readDraftToken(secret: string, token: string): ReturnDraft | null {
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReturnDraft;
  } catch {
    return null;
  }
}
