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

describe('GET /meta/collection-days', () => {
  it('answers the days a booking made now may name, by the UK clock, never cached', async () => {
    // Friday 28 Aug 2026, 15:00 BST: past the cut-off, before the summer bank holiday.
    t.deps.now = () => new Date('2026-08-28T14:00:00Z');
    const res = await t.get('/api/v1/meta/collection-days');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      today: '2026-08-28',
      earliest: '2026-09-01',
      latest: '2027-08-28',
      cutoff: '14:00',
      timeZone: 'Europe/London',
      hint: 'Collections Monday to Friday, not on bank holidays; book by 14:00 UK time for collection the same day',
    });
    expect(res.body.bankHolidays).toEqual([
      '2026-08-31',
      '2026-12-25',
      '2026-12-26', // Boxing Day, a Saturday: the substitute day is Monday 28 Dec
      '2026-12-28',
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
    ]);
    // The morning of the same Friday: collected today.
    t.deps.now = () => new Date('2026-08-28T08:00:00Z');
    expect((await t.get('/api/v1/meta/collection-days')).body.earliest).toBe('2026-08-28');
  });
});
