import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { blob, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, type Database, openDatabase } from '../db/client';
import { seededRandom } from '../test/seeded-random';
import { jsonRowReader } from './json-row';

/** Every kind of column the reader carries, each nullable and not. */
const things = sqliteTable('things', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
  kind: text('kind', { enum: ['a', 'b'] }).notNull(),
  data: text('data', { mode: 'json' }).$type<unknown>().notNull(),
  extra: text('extra', { mode: 'json' }).$type<unknown>(),
  count: integer('count').notNull(),
  maybe: integer('maybe'),
  weight: real('weight').notNull(),
  ratio: real('ratio'),
  at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  seenAt: integer('seen_at', { mode: 'timestamp_ms' }),
  since: integer('since', { mode: 'timestamp' }),
  flag: integer('flag', { mode: 'boolean' }).notNull(),
  maybeFlag: integer('maybe_flag', { mode: 'boolean' }),
});

const CREATE = `create table things (
  id text primary key, name text not null, note text, kind text not null, data text not null,
  extra text, count integer not null, maybe integer, weight real not null, ratio real,
  at integer not null, seen_at integer, since integer, flag integer not null, maybe_flag integer)`;

/** Text that JSON must escape and SQLite must keep: quotes, backslashes, controls, non-Latin, emoji. */
const AWKWARD = [
  'O\'Brien "the" \\ Parcel',
  'line\nbreak\ttab',
  'Zoë Ångström',
  '📦 Ünïcode 中文',
  '',
  ' ',
  '{"not":"json"}',
  '0012',
  'null',
];
/** Doubles that 15 significant digits would not give back. */
const REALS = [
  0.1 + 0.2,
  1 / 3,
  2.000000000000001,
  123456.78901234567,
  5e-324,
  1.7976931348623157e308,
  -0,
  0,
  2,
  -7.25,
];

let dir: string;
let db: Database;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'json-row-'));
  db = await openDatabase({ url: `file:${join(dir, 'test.db')}` });
  await db.$client.execute(CREATE);
});
afterEach(async () => {
  await closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function randomRows(n: number) {
  const random = seededRandom(20260311);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const maybe = <T>(value: T) => (random() < 0.3 ? null : value);
  return Array.from({ length: n }, (_, i) => ({
    id: `thing-${String(i).padStart(3, '0')}`,
    name: pick(AWKWARD),
    note: maybe(pick(AWKWARD)),
    kind: pick(['a', 'b'] as const),
    data: pick<unknown>([
      { name: pick(AWKWARD), lines: [1, 2.5, 0.1 + 0.2], nested: { deep: [null, true, false] } },
      [{ length: 30, width: 20.5, weight: 1e-7 }],
      'a plain string',
      12345678901234,
      [],
      {},
    ]),
    extra: maybe<unknown>({ documentType: 'commercial_invoice', eori: pick(AWKWARD) }),
    count: Math.floor((random() - 0.5) * 2 ** 40),
    maybe: maybe(Math.floor(random() * 1000)),
    weight: random() < 0.5 ? pick(REALS) : random() * 1000,
    ratio: maybe(random() < 0.5 ? pick(REALS) : random()),
    at: new Date(1_700_000_000_000 + Math.floor(random() * 1e10)),
    seenAt: maybe(new Date(Math.floor(random() * 4e12))),
    since: maybe(new Date(Math.floor(random() * 2e9) * 1000)),
    flag: random() < 0.5,
    maybeFlag: maybe(random() < 0.5),
  }));
}

/** whereIn's rows (in no particular order) in the order of `ids`. */
async function inOrderOf<R extends { id: string }>(ids: readonly string[], rows: Promise<R[]>) {
  const byId = new Map((await rows).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

describe('jsonRowReader', () => {
  it('reads every row exactly as a whole-row select does', async () => {
    await db.insert(things).values(randomRows(120));
    const reader = jsonRowReader(things);
    const whole = await db.select().from(things).orderBy(asc(things.id));
    const ids = whole.map((r) => r.id).reverse();
    const read = await inOrderOf(ids, reader.whereIn(db, things.id, ids));
    expect(read).toEqual([...whole].reverse());
    // toEqual treats -0 as 0 and a Date by its time: compare the exact values too.
    for (const [i, row] of read.entries()) {
      const expected = [...whole].reverse()[i]!;
      for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
        const a = row[key];
        const b = expected[key];
        if (a instanceof Date || b instanceof Date) {
          expect((a as Date).getTime(), `${row.id}.${key}`).toBe((b as Date).getTime());
        } else if (typeof b === 'number')
          expect(Object.is(a, b), `${row.id}.${key}: ${a} vs ${b}`).toBe(true);
      }
      expect(Object.keys(row)).toEqual(Object.keys(expected));
    }
  });

  it('leaves out values that are not there and answers nothing for no values', async () => {
    await db.insert(things).values(randomRows(3));
    const reader = jsonRowReader(things);
    const found = await reader.whereIn(db, things.id, ['thing-002', 'missing', 'thing-000']);
    expect(found.map((r) => r.id).sort()).toEqual(['thing-000', 'thing-002']);
    expect(await reader.whereIn(db, things.id, [])).toEqual([]);
  });

  it('finds rows by any of its columns, with fresh values on every call', async () => {
    await db.insert(things).values(randomRows(40));
    const reader = jsonRowReader(things);
    const whole = await db.select().from(things).orderBy(asc(things.id));
    const sorted = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    // The same kept statement, asked with other values each time: text and integer columns alike.
    for (const kind of ['a', 'b'] as const) {
      expect(sorted(await reader.whereIn(db, things.kind, [kind]))).toEqual(
        sorted(whole.filter((r) => r.kind === kind)),
      );
    }
    const counts = [whole[0]!.count, whole[7]!.count, 123_456_789];
    expect(sorted(await reader.whereIn(db, things.count, counts))).toEqual(
      sorted(whole.filter((r) => counts.includes(r.count))),
    );
    // A value with quotes and a comma is one value, not SQL or two values.
    const odd = 'it\'s, "quoted"';
    await db.update(things).set({ name: odd }).where(eq(things.id, whole[3]!.id));
    expect((await reader.whereIn(db, things.name, [odd, "it's"])).map((r) => r.id)).toEqual([whole[3]!.id]);
    expect(await reader.whereIn(db, things.name, [])).toEqual([]);
  });

  it('refuses a column of another table', async () => {
    const reader = jsonRowReader(things);
    const others = sqliteTable('others', { id: text('id').primaryKey() });
    await expect(reader.whereIn(db, others.id, ['x'])).rejects.toThrow(/not a column of things/);
  });

  it('decodes as a column of any select', async () => {
    await db.insert(things).values(randomRows(5));
    const reader = jsonRowReader(things);
    const ids = ['thing-001', 'thing-003'];
    const picked = await db
      .select({ id: things.id, row: reader.row })
      .from(things)
      .where(inArray(things.id, ids))
      .orderBy(asc(things.id));
    const whole = await db.select().from(things).where(inArray(things.id, ids)).orderBy(asc(things.id));
    expect(picked).toEqual(whole.map((row) => ({ id: row.id, row })));
  });

  it("runs a prepared query of its row and decodes what drizzle would, in the query's order", async () => {
    await db.insert(things).values(randomRows(30));
    const reader = jsonRowReader(things, ['id', 'name', 'count', 'at', 'ratio'], {
      dataName: ['data', '$.name'],
    });
    const query = db
      .select({ row: reader.row })
      .from(things)
      .where(eq(things.kind, sql.placeholder('kind')))
      .orderBy(desc(things.id))
      .prepare();
    for (const kind of ['a', 'b', 'none']) {
      const mapped = (await query.all({ kind })).map((r) => r.row);
      expect(await reader.all(query, { kind })).toEqual(mapped);
    }
    expect((await reader.all(query, { kind: 'a' })).length).toBeGreaterThan(0);
  });

  it('reads only the fields asked for, by any column, exactly as a whole-row select has them', async () => {
    await db.insert(things).values(randomRows(60));
    const reader = jsonRowReader(things, ['id', 'data', 'weight', 'seenAt', 'maybeFlag']);
    const whole = await db.select().from(things).orderBy(asc(things.id));
    const picked = (r: (typeof whole)[number]) => ({
      id: r.id,
      data: r.data,
      weight: r.weight,
      seenAt: r.seenAt,
      maybeFlag: r.maybeFlag,
    });
    const ids = whole.map((r) => r.id).reverse();
    const read = await inOrderOf(ids, reader.whereIn(db, things.id, ids));
    expect(read).toEqual([...whole].reverse().map(picked));
    for (const [i, row] of read.entries()) {
      expect(Object.keys(row)).toEqual(['id', 'data', 'weight', 'seenAt', 'maybeFlag']);
      expect(Object.is(row.weight, whole[whole.length - 1 - i]!.weight)).toBe(true);
    }
    // Asked by a column it does not read.
    expect((await reader.whereIn(db, things.kind, ['a'])).map((r) => r.id).sort()).toEqual(
      whole.filter((r) => r.kind === 'a').map((r) => r.id),
    );
  });

  it('reads an escaped lone surrogate as U+FFFD, never handing the driver bytes that are not UTF-8', async () => {
    // Written straight through SQL as the JSON text a booking stored; `->>` of it made the driver
    // abort the process (a Rust panic, which no JavaScript can catch).
    await db.$client.execute({
      sql: "INSERT INTO things (id, name, kind, data, count, weight, at, flag) VALUES ('bad', 'n', 'a', ?, 1, 1, 0, 0)",
      args: ['{"name":"Robin \\ud800 \\ud83d\\ude00"}'],
    });
    const reader = jsonRowReader(things, ['id'], { dataName: ['data', '$.name'] });
    expect(await reader.whereIn(db, things.id, ['bad'])).toEqual([
      { id: 'bad', dataName: 'Robin \uFFFD 😀' },
    ]);
  });

  it('reads a string out of a JSON column by its path, null where the path leads nowhere', async () => {
    await db.insert(things).values(randomRows(60));
    const reader = jsonRowReader(things, ['id', 'count'], {
      dataName: ['data', '$.name'],
      eori: ['extra', '$.eori'],
      deep: ['data', '$.nested.deep'],
    });
    const whole = await db.select().from(things).orderBy(asc(things.id));
    const at = (value: unknown, key: string) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? ((value as Record<string, unknown>)[key] ?? null)
        : null;
    const ids = whole.map((r) => r.id);
    const read = await inOrderOf(ids, reader.whereIn(db, things.id, ids));
    expect(read).toEqual(
      whole.map((r) => ({
        id: r.id,
        count: r.count,
        dataName: at(r.data, 'name'),
        eori: at(r.extra, 'eori'),
        // A path to anything but a string reads as null.
        deep: null,
      })),
    );
    // The sample holds both kinds: objects with a name (awkward text among them) and values without.
    expect(read.filter((r) => r.dataName !== null).length).toBeGreaterThan(5);
    expect(read.filter((r) => r.dataName === null).length).toBeGreaterThan(5);
    expect(Object.keys(read[0]!)).toEqual(['id', 'count', 'dataName', 'eori', 'deep']);
  });

  it('refuses a path into a column that is not JSON, a path it cannot write, or a name taken', () => {
    expect(() => jsonRowReader(things, ['id'], { n: ['name', '$.x'] })).toThrow(
      'things.name is not a JSON column',
    );
    expect(() => jsonRowReader(things, ['id'], { n: ['data', "$.x' or 1"] })).toThrow(
      'is not a path of object keys',
    );
    expect(() => jsonRowReader(things, ['id'], { n: ['data', '$[0]'] })).toThrow(
      'is not a path of object keys',
    );
    expect(() => jsonRowReader(things, ['id'], { note: ['data', '$.x'] })).toThrow(
      'note is already a field of things',
    );
  });

  it('refuses fields it does not have', () => {
    expect(() => jsonRowReader(things, ['id', 'nope' as 'name'])).toThrow('things has no field nope');
  });

  it('refuses a table with a column JSON cannot carry', () => {
    const files = sqliteTable('files', { id: text('id').primaryKey(), bytes: blob('bytes') });
    expect(() => jsonRowReader(files)).toThrow('files.bytes is a SQLiteBlobBuffer');
  });
});
