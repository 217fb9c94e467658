/**
 * The public tracking code of an order: the only key of the signed-out tracking page and its
 * link on labels and in emails. It is not the id or the reference (both appear in the customer's
 * account and the courier's files), and it is long and random enough that guessing one is
 * hopeless: 12 characters of 32 give 2^60 codes, and the page answers a client address only a
 * few misses (features/tracking). The alphabet leaves out 0/O and 1/I so a code read off a label
 * or over the phone types back the same; input is taken in any case, with spaces or hyphens.
 */
import { randomInt } from 'node:crypto';

export const TRACKING_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TRACKING_CODE_LENGTH = 12;
const CODE = new RegExp(`^[${TRACKING_CODE_ALPHABET}]{${TRACKING_CODE_LENGTH}}$`);

export function generateTrackingCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < TRACKING_CODE_LENGTH; i++) code += TRACKING_CODE_ALPHABET[random(32)];
  return code;
}

/** A code as typed ("abcd-efgh 2345") in its stored form, or null when it cannot be one. */
export function normaliseTrackingCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

/** The signed-out tracking page of a code, on PUBLIC_URL (never a request's Host header). */
export function trackingUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/track/${code}`;
}
