import { describe, expect, it } from 'vitest';
import { cachedDistanceProvider } from './cache';
import { DistanceLookupError, type DistanceProvider } from './types';

function counting(answer: (from: string, to: string) => Promise<number>) {
  const calls: string[] = [];
  const provider: DistanceProvider = {
    name: 'maps',
    async milesBetween(from, to) {
      calls.push(`${from}|${to}`);
      return { miles: await answer(from, to), source: 'maps' };
    },
  };
  return { provider, calls };
}

describe('cachedDistanceProvider', () => {
  it('asks the paid service once a day for the same postcodes, however they are written', async () => {
    let clock = 0;
    const { provider, calls } = counting(async () => 12.5);
    const cached = cachedDistanceProvider(provider, { now: () => clock });
    const answers = await Promise.all([
      cached.milesBetween('SW1A 1AA', 'EC1A 1BB'),
      cached.milesBetween('sw1a1aa', 'ec1a 1bb'),
    ]);
    expect(answers).toEqual([
      { miles: 12.5, source: 'maps' },
      { miles: 12.5, source: 'maps' },
    ]);
    await cached.milesBetween('SW1A 1AA', 'EC1A 1BB');
    expect(calls).toHaveLength(1);
    clock += 24 * 60 * 60 * 1000;
    await cached.milesBetween('SW1A 1AA', 'EC1A 1BB');
    expect(calls).toHaveLength(2);
  });

  it('keeps answers about the input but retries after the service failed', async () => {
    let fail: DistanceLookupError | null = new DistanceLookupError('upstream_http', 'down');
    const { provider, calls } = counting(async (from) => {
      if (from.startsWith('ZZ')) throw new DistanceLookupError('not_found', 'unknown postcode');
      if (fail) throw fail;
      return 3;
    });
    const cached = cachedDistanceProvider(provider);
    await expect(cached.milesBetween('SW1A 1AA', 'EC1A 1BB')).rejects.toThrow('down');
    fail = null;
    await expect(cached.milesBetween('SW1A 1AA', 'EC1A 1BB')).resolves.toMatchObject({ miles: 3 });
    await expect(cached.milesBetween('ZZ1 1ZZ', 'EC1A 1BB')).rejects.toThrow('unknown postcode');
    await expect(cached.milesBetween('ZZ1 1ZZ', 'EC1A 1BB')).rejects.toThrow('unknown postcode');
    expect(calls).toHaveLength(3);
  });

  it('holds at most maxEntries pairs, dropping the least recently used', async () => {
    const { provider, calls } = counting(async () => 1);
    const cached = cachedDistanceProvider(provider, { maxEntries: 2 });
    await cached.milesBetween('AB1 1AA', 'EC1A 1BB');
    await cached.milesBetween('AB2 1AA', 'EC1A 1BB');
    await cached.milesBetween('AB1 1AA', 'EC1A 1BB');
    await cached.milesBetween('AB3 1AA', 'EC1A 1BB');
    await cached.milesBetween('AB1 1AA', 'EC1A 1BB');
    expect(calls).toHaveLength(3);
    await cached.milesBetween('AB2 1AA', 'EC1A 1BB');
    expect(calls).toHaveLength(4);
  });
});
