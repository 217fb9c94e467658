import { describe, expect, it, vi } from 'vitest';
import { createEstimateDistanceProvider } from './estimate';
import { haversineMiles, ROAD_FACTOR, roundMiles } from './geo';
import { POSTCODE_AREAS } from './postcode-areas';
import { DistanceLookupError } from './types';

describe('haversineMiles', () => {
  it.each([
    // Well-known great-circle distances, to within a mile.
    [{ lat: 51.5074, lon: -0.1278 }, { lat: 48.8566, lon: 2.3522 }, 213.5], // London - Paris
    [{ lat: 51.5074, lon: -0.1278 }, { lat: 55.9533, lon: -3.1883 }, 331.7], // London - Edinburgh
    [{ lat: 53.4808, lon: -2.2426 }, { lat: 53.8008, lon: -1.5491 }, 35.9], // Manchester - Leeds
  ])('%o to %o is about %s miles', (a, b, miles) => {
    expect(Math.abs(haversineMiles(a, b) - miles)).toBeLessThan(1);
  });

  it('is zero for one point and symmetric', () => {
    const a = { lat: 52, lon: -1 };
    const b = { lat: 53, lon: -2 };
    expect(haversineMiles(a, a)).toBe(0);
    expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 9);
  });
});

describe('estimate provider', () => {
  const provider = createEstimateDistanceProvider();

  it('uses area centroids times the road factor, to one decimal', async () => {
    const expected = roundMiles(haversineMiles(POSTCODE_AREAS.SW!, POSTCODE_AREAS.M!) * ROAD_FACTOR);
    const result = await provider.milesBetween('sw1a 1aa', 'M1 1AE');
    expect(result).toEqual({ miles: expected, source: 'estimate' });
    // London to Manchester is about 200 road miles.
    expect(result.miles).toBeGreaterThan(190);
    expect(result.miles).toBeLessThan(230);
    expect(Number.isInteger(result.miles * 10)).toBe(true);
  });

  it.each([
    ['EH1 1YZ', 'G1 1XQ', 45, 65], // Edinburgh - Glasgow, ~47 road miles
    // Cardiff - Bristol is ~44 road miles over the Severn; estuaries are where the estimate reads low.
    ['CF10 1EP', 'BS1 4DJ', 30, 50],
    ['BT1 5GS', 'BT1 1AA', 0, 0], // one area: the minimum fee covers it
  ])('%s to %s is between %i and %i miles', async (from, to, min, max) => {
    const { miles } = await provider.milesBetween(from, to);
    expect(miles).toBeGreaterThanOrEqual(min);
    expect(miles).toBeLessThanOrEqual(max);
  });

  it('is zero for the same postcode however it is written', async () => {
    expect(await provider.milesBetween('SW1A 1AA', 'sw1a1aa')).toEqual({ miles: 0, source: 'estimate' });
  });

  it.each([
    ['NOT A CODE', 'M1 1AE'],
    ['SW1A 1AA', 'GY1 1AA'],
  ])('rejects %s -> %s as invalid_postcode', async (from, to) => {
    await expect(provider.milesBetween(from, to)).rejects.toMatchObject({
      name: 'DistanceLookupError',
      code: 'invalid_postcode',
      isInputError: true,
    });
    await expect(provider.milesBetween(from, to)).rejects.toBeInstanceOf(DistanceLookupError);
  });

  it('prefers an exact centroid and falls back to the area for the other end', async () => {
    const lookupCentroid = vi.fn(async (postcode: string) =>
      postcode === 'SW1A 1AA' ? { lat: 51.501009, lon: -0.141588 } : null,
    );
    const exact = createEstimateDistanceProvider({ lookupCentroid });
    const result = await exact.milesBetween('sw1a1aa', 'M1 1AE');
    expect(lookupCentroid.mock.calls.map(([postcode]) => postcode).sort()).toEqual(['M1 1AE', 'SW1A 1AA']);
    const expected = roundMiles(
      haversineMiles({ lat: 51.501009, lon: -0.141588 }, POSTCODE_AREAS.M!) * ROAD_FACTOR,
    );
    expect(result).toEqual({ miles: expected, source: 'estimate' });
  });

  it('ignores a looked-up centroid outside the UK (ONSPD placeholder)', async () => {
    const exact = createEstimateDistanceProvider({
      lookupCentroid: async () => ({ lat: 99.999999, lon: 0 }),
    });
    expect(await exact.milesBetween('SW1A 1AA', 'M1 1AE')).toEqual(
      await provider.milesBetween('SW1A 1AA', 'M1 1AE'),
    );
  });
});
