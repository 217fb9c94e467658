import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('GET /meta', () => {
  it('serves the reference data the forms need', async () => {
    const res = await t.get('/api/v1/meta');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.serviceTypes.map((s: { value: string }) => s.value)).toEqual([
      'domestic',
      'international',
      'same_day',
    ]);
    expect(body.ukNations.map((n: { value: string }) => n.value)).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    expect(body.defaultDestination).toBe('AL');
    expect(body.internationalDestinations).toContainEqual({ code: 'AL', name: 'Albania' });
    expect(body.internationalDestinations.length).toBeGreaterThanOrEqual(248);
    expect(body.internationalDestinations).toContainEqual({ code: 'US', name: 'United States' });
    expect(body.coverTiers[0]).toEqual({ coverAmount: 0, fee: 0 });
    expect(body.coverTiers).toContainEqual({ coverAmount: 10000, fee: 268 });
    expect(body.weightOptions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(body.exportReasons).toContainEqual({ value: 'gift', label: 'Gift' });
    expect(body.documentTypes.length).toBeGreaterThan(0);
    expect(body.partyKinds.map((k: { value: string }) => k.value)).toEqual(['private', 'company']);
    expect(body.hsCodeCategories[0].codes[0]).toEqual({ code: '94039990', label: 'Furniture' });
    expect(body.manufactureCountries).toContainEqual({ code: 'CN', name: 'China' });
  });

  it('is cacheable for an hour and revalidates with its ETag', async () => {
    const first = await t.get('/api/v1/meta');
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    for (const ifNoneMatch of [etag!, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const res = await t.get('/api/v1/meta', { 'If-None-Match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.body).toBeNull();
      expect(res.headers.get('etag')).toBe(etag);
    }
    const stale = await t.get('/api/v1/meta', { 'If-None-Match': '"stale"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });
});
