import { describe, expect, it } from 'vitest';
import { TRACKING_NUMBER_PATTERN } from './documents';
import {
  generateTrackingNumber,
  isValidTrackingNumber,
  luhnCheckDigit,
  TRACKING_NUMBER_REGEX,
} from './tracking';

describe('tracking numbers', () => {
  it('uses the Luhn check digit', () => {
    // The textbook example: 7992739871 has check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('000000000')).toBe(0);
    expect(luhnCheckDigit('000000001')).toBe(8);
  });

  it('is CSG + 9 random digits + check digit, and the label can print it', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const n = generateTrackingNumber();
      expect(n).toMatch(TRACKING_NUMBER_REGEX);
      expect(n).toMatch(TRACKING_NUMBER_PATTERN);
      expect(isValidTrackingNumber(n)).toBe(true);
      seen.add(n);
    }
    expect(seen.size).toBeGreaterThan(190);
    expect(generateTrackingNumber(() => 42)).toBe(`CSG000000042${luhnCheckDigit('000000042')}`);
  });

  it('catches a mistyped digit and a swap of neighbours', () => {
    const n = generateTrackingNumber(() => 123456789);
    expect(isValidTrackingNumber(n)).toBe(true);
    const digits = n.slice(3).split('');
    for (let i = 0; i < digits.length; i++) {
      const typo = [...digits];
      typo[i] = String((Number(typo[i]) + 1) % 10);
      expect(isValidTrackingNumber(`CSG${typo.join('')}`)).toBe(false);
    }
    const swapped = [...digits];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(isValidTrackingNumber(`CSG${swapped.join('')}`)).toBe(false);
    expect(isValidTrackingNumber('CSG12345')).toBe(false);
    expect(isValidTrackingNumber('XYZ1234567890')).toBe(false);
  });
});
