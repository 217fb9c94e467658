/** What the batch tests share: a named courier with one domestic service, a good row, its CSV. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { courierServices, vendors } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { createVendorWithService } from '../orders/orders.testing';
import { BATCH_COLUMNS } from './batch-row';

/** A courier named `name` with one domestic service ("<name> Next Day"), 1000 pence a parcel by default. */
export async function batchCourier(
  t: TestApp,
  name: string,
  over: { price?: number; transitDays?: number; maxKg?: number } = {},
) {
  const made = await createVendorWithService(t, { price: over.price ?? 1000, name: `${name} Next Day` });
  await t.deps.db.update(vendors).set({ shopName: name }).where(eq(vendors.id, made.vendorId));
  await t.deps.catalog.write((tx) =>
    tx
      .update(courierServices)
      .set({
        transitDays: over.transitDays ?? 1,
        weightTiers: [{ maxKg: over.maxKg ?? 30, price: over.price ?? 1000 }],
      })
      .where(eq(courierServices.id, made.service.id)),
  );
  return made;
}

/** A row every check accepts, Leeds to London, collected on `collectionDate`. */
export const goodRow = (collectionDate: string): Record<string, string> => ({
  sender_name: 'Wendy Ware',
  sender_email: 'dispatch@example.com',
  sender_phone: '0113 496 0000',
  sender_line1: 'Unit 4, Canal Wharf',
  sender_town: 'Leeds',
  sender_county: 'West Yorkshire',
  sender_postcode: 'LS1 4AP',
  recipient_name: 'Robin Reader',
  recipient_email: 'robin@example.com',
  recipient_phone: '020 7946 0000',
  recipient_line1: '2 New Street',
  recipient_town: 'London',
  recipient_county: 'Greater London',
  recipient_postcode: 'SW1A 1AA',
  weight_kg: '2.5',
  length_cm: '30',
  width_cm: '20',
  height_cm: '15',
  contents: 'Books',
  value: '25.00',
  collection_date: collectionDate,
});

/** The rows as a CSV file with every column, in the template's order. */
export const csvOf = (rows: Record<string, string>[]) =>
  [
    BATCH_COLUMNS.join(','),
    ...rows.map((r) => BATCH_COLUMNS.map((c) => JSON.stringify(r[c] ?? '')).join(',')),
  ].join('\n');

/** Uploads the rows as a CSV file (201 expected); answers the batch. */
export async function uploadCsv(
  t: TestApp,
  rows: Record<string, string>[],
  headers: Record<string, string>,
  path = '/api/v1/batches',
) {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'text/csv' },
    body: csvOf(rows),
  });
  expect(res.status).toBe(201);
  // biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields freely
  return (await res.json()) as any;
}
