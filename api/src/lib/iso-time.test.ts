import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/seeded-random';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('writes what toISOString writes, for any instant from 1970 to 9999 and in any order', () => {
    const next = seededRandom(22);
    const instants = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      951_782_400_000, // 2000-02-29
      4_107_456_000_000, // 2100-02-28, not a leap year
      4_107_542_399_999,
      253_402_300_799_999, // 9999-12-31T23:59:59.999Z
      ...Array.from({ length: 20_000 }, () => Math.floor(next() * 253_402_300_800_000)),
      // Runs within a day and across midnight, as a page of a list has them.
      ...Array.from({ length: 2_000 }, (_, i) => 1_795_000_000_000 + i * 97_123),
    ];
    for (const ms of instants) expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  });

  it('leaves instants before 1970 and after 9999 to toISOString, and throws as it does on an invalid date', () => {
    for (const ms of [-1, -86_400_001, -62_198_755_200_000, 253_402_300_800_000, 8.64e15]) {
      expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
    }
    expect(isoTime(new Date(-1))).toBe('1969-12-31T23:59:59.999Z');
    expect(isoTime(new Date(253_402_300_800_000))).toBe('+010000-01-01T00:00:00.000Z');
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
