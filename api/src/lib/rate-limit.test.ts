import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { AppError } from './errors';
import { createLogger } from './logger';
import { RateLimiter, startRateLimitPruning } from './rate-limit';

describe('RateLimiter', () => {
  it('is shared by two processes on one database: the counts add up', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'consign-rl-')), 'rl.db')}`;
    const first = await openDatabase({ url });
    await runMigrations(first);
    const second = await openDatabase({ url }); // a separate connection, as another API process would have
    const now = 1_700_000_000_000;
    const a = new RateLimiter(first, () => now);
    const b = new RateLimiter(second, () => now);
    const limit = { name: 'test', max: 3, windowSeconds: 60 };
    await a.hit(limit, 'Key');
    await b.hit(limit, 'key');
    await a.hit(limit, 'KEY');
    const err = await b.hit(limit, 'key').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(429);
    expect(Number(err.headers['Retry-After'])).toBeGreaterThan(0);
    expect(Number(err.headers['Retry-After'])).toBeLessThanOrEqual(60);
    // another subject has its own budget
    await expect(a.hit(limit, 'other')).resolves.toBe(1);
    first.$client.close();
    second.$client.close();
  });

  it('opens a new window after the old one ends', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'consign-rl-')), 'rl.db')}`;
    const db = await openDatabase({ url });
    await runMigrations(db);
    let now = 1_700_000_000_000;
    const limiter = new RateLimiter(db, () => now);
    const limit = { name: 'w', max: 1, windowSeconds: 10 };
    await limiter.hit(limit, 's');
    await expect(limiter.hit(limit, 's')).rejects.toMatchObject({ status: 429 });
    await expect(limiter.check(limit, 's')).rejects.toMatchObject({ status: 429 });
    now += 10_000;
    await expect(limiter.check(limit, 's')).resolves.toBeUndefined();
    await expect(limiter.hit(limit, 's')).resolves.toBe(1);
    db.$client.close();
  });
});

describe('rate-limit pruning', () => {
  it('drops ended windows on a timer', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'consign-rl-')), 'rl.db')}`;
    const db = await openDatabase({ url });
    await runMigrations(db);
    let now = 1_700_000_000_000;
    const limiter = new RateLimiter(db, () => now);
    await limiter.hit({ name: 'old', max: 3, windowSeconds: 60 }, 'a');
    now += 120_000;
    await limiter.hit({ name: 'current', max: 3, windowSeconds: 600 }, 'b');
    const pruning = startRateLimitPruning({ rateLimiter: limiter, logger: createLogger('silent') }, 20);
    try {
      await vi.waitFor(
        async () => {
          const keys = (await db.query.rateLimits.findMany()).map((r) => r.key.split(':')[0]);
          expect(keys).toEqual(['current']);
        },
        { timeout: 30_000, interval: 25 },
      );
    } finally {
      await pruning.stop();
      db.$client.close();
    }
  });
});
