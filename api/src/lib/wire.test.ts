import { z } from '@hono/zod-openapi';
import { getTableColumns } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { rowSchema, toWire } from './wire';

const parcels = sqliteTable('parcels', {
  id: text('id').primaryKey(),
  label: text('label'),
  weightGrams: integer('weight_grams').notNull(),
  collectedAt: integer('collected_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

describe('rowSchema: a wire schema derived from a table', () => {
  it('has exactly the table columns, so a new column cannot drift from the contract', () => {
    expect(Object.keys(rowSchema(parcels).shape).sort()).toEqual(
      Object.keys(getTableColumns(parcels)).sort(),
    );
    expect(Object.keys(rowSchema(auditLog).shape).sort()).toEqual(
      Object.keys(getTableColumns(auditLog)).sort(),
    );
  });

  it('sends instants as ISO 8601 strings, nullable where the column is', () => {
    const schema = rowSchema(parcels);
    const at = new Date('2026-03-01T09:30:00.000Z');
    const row = { id: 'p1', label: null, weightGrams: 1200, collectedAt: null, createdAt: at };
    expect(schema.parse(toWire(row))).toEqual({ ...row, createdAt: '2026-03-01T09:30:00.000Z' });
    // A Date left unconverted, a missing instant, a wrong type: each is refused by name.
    const refused = schema.safeParse({ ...row, createdAt: at, weightGrams: '1200' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['createdAt', 'weightGrams']);
    expect(schema.safeParse({ ...toWire(row), label: undefined }).success).toBe(false);
  });

  it('lets a column say more than the table: an override replaces only that column', () => {
    const schema = rowSchema(auditLog, { before: z.record(z.string(), z.unknown()).nullable() });
    const entry = {
      id: 'a1',
      actorId: null,
      actorEmail: 'staff@example.com',
      action: 'vendor.activate',
      entityType: 'vendor',
      entityId: 'v1',
      before: { status: 'pending' },
      after: null,
      reason: 'Checked',
      createdAt: '2026-03-01T09:30:00.000Z',
    };
    expect(schema.parse(entry)).toEqual(entry);
    expect(schema.safeParse({ ...entry, before: 'pending' }).success).toBe(false);
  });
});
