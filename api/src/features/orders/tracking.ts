/**
 * Consign tracking numbers: `CSG` + 9 random digits + 1 check digit, e.g. `CSG0412345674`.
 *
 * The check digit is the Luhn (mod 10) digit of the nine digits, the same scheme card numbers
 * use: it catches every single-digit typo and almost every swap of two neighbouring digits when
 * someone reads a number off a label or over the phone. Nine random digits leave a billion
 * numbers, so a collision is rare; the caller still checks uniqueness (the column is unique).
 * Letters stay out of the number part so that it reads the same aloud and scans as compact
 * Code 128 on the label.
 */
import { randomInt } from 'node:crypto';

export const TRACKING_PREFIX = 'CSG';
export const TRACKING_NUMBER_REGEX = /^CSG\d{10}$/;

/** The Luhn check digit for a string of digits. */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError(`Expected digits, got "${digits}"`);
  let sum = 0;
  // Double every second digit counting from the right of the payload (the check digit's neighbour first).
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function generateTrackingNumber(random: (max: number) => number = randomInt): string {
  const payload = String(random(1_000_000_000)).padStart(9, '0');
  return `${TRACKING_PREFIX}${payload}${luhnCheckDigit(payload)}`;
}

/** True for a well-formed Consign tracking number whose check digit is right. */
export function isValidTrackingNumber(value: string): boolean {
  if (!TRACKING_NUMBER_REGEX.test(value)) return false;
  const digits = value.slice(TRACKING_PREFIX.length);
  return luhnCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}
