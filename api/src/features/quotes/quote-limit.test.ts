import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PARTNER, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';

const quote = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
};
// The top of a minute, so the 60-second window does not roll over mid-test.
const NOW = new Date('2026-03-11T10:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  t.deps.now = () => NOW;
  await seedDemoData(t.deps);
});
afterEach(() => t.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

describe('anonymous quote limit', () => {
  it('answers the 121st anonymous quote in a minute from one address with 429 and Retry-After', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await t.post('/api/v1/quotes', quote, from('203.0.113.9'));
      expect(res.status).toBe(201);
    }
    const refused = await t.post('/api/v1/quotes', quote, from('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing was stored for the refused call: 120 quotes, not 121.
    expect(await t.deps.db.query.quotes.findMany({ columns: { id: true } })).toHaveLength(120);
    // Another address, and the same address with a partner key (its own limit), still get quotes.
    expect((await t.post('/api/v1/quotes', quote, from('198.51.100.1'))).status).toBe(201);
    const keyed = await t.post('/api/v1/quotes', quote, {
      ...from('203.0.113.9'),
      'X-Publishable-Key': DEMO_PARTNER.publishableKey,
      Origin: 'http://127.0.0.1:5173',
    });
    expect(keyed.status).toBe(201);
    // The next minute is a new window.
    t.deps.now = () => new Date(NOW.getTime() + 60_000);
    expect((await t.post('/api/v1/quotes', quote, from('203.0.113.9'))).status).toBe(201);
  });

  it('takes QUOTE_LIMIT_PER_MINUTE, and 0 turns the limit off', async () => {
    const low = await createTestApp({ QUOTE_LIMIT_PER_MINUTE: '2' });
    const off = await createTestApp({ QUOTE_LIMIT_PER_MINUTE: '0' });
    try {
      for (const app of [low, off]) {
        app.deps.now = () => NOW;
        await seedDemoData(app.deps);
      }
      const statuses = async (app: TestApp) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i++) out.push((await app.post('/api/v1/quotes', quote)).status);
        return out;
      };
      expect(await statuses(low)).toEqual([201, 201, 429]);
      expect(await statuses(off)).toEqual([201, 201, 201]);
    } finally {
      low.close();
      off.close();
    }
  });
});
