import type { InStatement } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { quoteLog, quotes } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertRows, QuoteWriter, rowsOf } from './quote-writer';

function fakeDb(batch: (statements: InStatement[]) => Promise<unknown>) {
  return { $client: { batch: vi.fn(batch) } } as unknown as Database & {
    $client: { batch: ReturnType<typeof vi.fn> };
  };
}

describe('QuoteWriter (group commit)', () => {
  const a = sqliteTable('a', { n: integer('n').notNull() });
  const b = sqliteTable('b', { n: integer('n').notNull() });
  const insert = (table: 'a' | 'b', ...ns: number[]): InStatement => ({
    sql: `insert into "${table}" ("n") values ${ns.map(() => '(?)').join(', ')}`,
    args: ns,
  });

  it('writes everything queued in one turn of the event loop as one batch, one INSERT per table', async () => {
    const db = fakeDb(async () => []);
    const writer = new QuoteWriter(db);
    await Promise.all([1, 2, 3].map((n) => writer.write([rowsOf(a, [{ n }]), rowsOf(b, [{ n: n * 10 }])])));
    expect(db.$client.batch).toHaveBeenCalledTimes(1);
    expect(db.$client.batch.mock.calls[0]).toEqual([
      [insert('a', 1, 2, 3), insert('b', 10, 20, 30)],
      'write',
    ]);
    await writer.write([rowsOf(a, [{ n: 4 }])]);
    expect(db.$client.batch).toHaveBeenCalledTimes(2);
  });

  it('queues writes that arrive while a batch is committing for the next batch', async () => {
    let release!: () => void;
    const db = fakeDb(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const writer = new QuoteWriter(db);
    const first = writer.write([rowsOf(a, [{ n: 1 }])]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.$client.batch).toHaveBeenCalledTimes(1);
    const later = [writer.write([rowsOf(a, [{ n: 2 }])]), writer.write([rowsOf(a, [{ n: 3 }])])];
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all(later);
    expect(db.$client.batch).toHaveBeenCalledTimes(2);
    expect(db.$client.batch.mock.calls[1]![0]).toEqual([insert('a', 2, 3)]);
  });

  it('fails every write of a failed batch, and carries on with the next', async () => {
    const db = fakeDb(async () => {
      throw new Error('disk full');
    });
    const writer = new QuoteWriter(db);
    const results = await Promise.allSettled([
      writer.write([rowsOf(a, [{ n: 1 }])]),
      writer.write([rowsOf(a, [{ n: 2 }])]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    db.$client.batch.mockImplementation(async () => []);
    await expect(writer.write([rowsOf(a, [{ n: 3 }])])).resolves.toBeUndefined();
  });
});

describe('quote writes on a real database', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await seedDemoData(t.deps);
  });
  afterEach(() => t.close());

  it('encodes rows as drizzle would: JSON, timestamps and nulls read back intact', async () => {
    const quote = {
      id: 'q-1',
      request: { serviceType: 'domestic' as const, from: 'England', to: 'Wales', parcels: [] },
      serviceType: 'domestic' as const,
      userId: null,
      partnerId: null,
      options: [[1, 1000, 200, 1200, 2.5, 1, 20524]] as [
        number,
        number,
        number,
        number,
        number,
        0 | 1,
        number,
      ][],
      distanceMiles: null,
      distanceSource: null,
      createdAt: new Date('2026-03-11T10:00:00.123Z'),
      expiresAt: new Date('2026-03-11T10:30:00.123Z'),
      bookedAt: null,
    };
    await t.deps.db.$client.batch(insertRows(quotes, [quote]), 'write');
    expect(await t.deps.db.select().from(quotes).where(eq(quotes.id, 'q-1'))).toEqual([quote]);
  });

  it('splits a very long row list into several statements', () => {
    const row = (i: number) => ({
      id: `q-${i}`,
      createdAt: new Date(0),
      expiresAt: new Date(0),
      serviceType: 'domestic' as const,
      from: 'England',
      to: 'Wales',
      parcels: [],
      optionCount: 0,
      cheapestTotal: null,
      currency: null,
      userId: null,
      partnerId: null,
    });
    const statements = insertRows(
      quoteLog,
      Array.from({ length: 1201 }, (_, i) => row(i)),
    );
    expect(statements).toHaveLength(3);
    expect(statements.map((s) => (typeof s === 'string' ? 0 : (s.args as unknown[]).length))).toEqual([
      500 * 12,
      500 * 12,
      201 * 12,
    ]);
  });

  it('stores every one of many concurrent quotes with all its options and its log line', async () => {
    const body = {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    };
    const spy = vi.spyOn(t.deps.db.$client, 'batch');
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.post('/api/v1/quotes', body)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const stored = await t.deps.db.select().from(quotes);
    expect(stored.map((q) => q.id).sort()).toEqual(responses.map((r) => r.body.id).sort());
    expect(stored.map((q) => q.options.length)).toEqual(Array(20).fill(3));
    expect(await t.deps.db.select().from(quoteLog)).toHaveLength(20);
    // Fewer transactions than quotes: concurrent quotes shared them.
    const writes = spy.mock.calls.filter(([, mode]) => mode === 'write');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThan(20);
  });
});
