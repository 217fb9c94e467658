import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test/seeded-random';
import { JsonBytes, utf8 } from './json-bytes';

describe('JsonBytes', () => {
  it('writes numbers as JSON.stringify does', () => {
    const next = seededRandom(31);
    const numbers = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      2_147_483_647, // the largest written digit by digit
      2_147_483_648,
      -1,
      -2_147_483_648,
      0.1,
      12.35,
      1e21,
      5e-7,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_VALUE,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      ...Array.from({ length: 5_000 }, () => Math.floor(next() * 3_000_000_000)),
      ...Array.from({ length: 1_000 }, () => Math.round(next() * 100_000) / 100),
    ];
    const out = new JsonBytes(8);
    out.ascii(0x5b);
    numbers.forEach((n, i) => {
      if (i > 0) out.ascii(0x2c);
      out.number(n);
    });
    out.ascii(0x5d);
    expect(out.finish().toString('utf8')).toBe(JSON.stringify(numbers));
  });

  it('copies pieces of every length and text of any script, growing past its first size', () => {
    const pieces = [
      '',
      ',',
      '"vat":',
      '"estimatedDelivery":"',
      `"name":${JSON.stringify('Ünïcödé “quotes” 🚚\u2028')}`,
    ];
    const out = new JsonBytes(1);
    let expected = '';
    for (let round = 0; round < 200; round++) {
      for (const piece of pieces) {
        out.bytes(utf8(piece));
        expected += piece;
      }
      out.text(`{"round":${round},"é":"…"}`);
      expected += `{"round":${round},"é":"…"}`;
    }
    const bytes = out.finish();
    expect(bytes.toString('utf8')).toBe(expected);
    expect(bytes.byteLength).toBe(Buffer.byteLength(expected));
  });

  it('gives each encoded piece its own memory', () => {
    const a = utf8('abc');
    const b = utf8('xyz');
    expect(a.buffer).not.toBe(b.buffer);
    expect(a.byteOffset).toBe(0);
    expect(a.buffer.byteLength).toBe(3);
  });
});
