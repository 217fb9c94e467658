/**
 * The postcode centroid table: filled by `pnpm postcodes:import` from an ONS Postcode
 * Directory CSV, read by the same-day distance estimate for exact figures.
 */
import { avg, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { postcodes } from '../../db/schema';
import type { LatLon, LookupCentroid } from '../../providers/distance';
import type { OnsPostcodeCentroid } from '../../providers/distance/ons-csv';

/** Rows per transaction: large enough that commits are a small share of the time, small enough
 * that an interrupted import loses little and the write lock is never held for long. */
export const IMPORT_BATCH_SIZE = 5000;

/** Rows per INSERT statement: 4 parameters a row stays far below SQLite's parameter limit. */
const ROWS_PER_STATEMENT = 500;

export type ImportProgress = { imported: number; batches: number };

export type ImportOptions = {
  batchSize?: number | undefined;
  /** Called after each committed batch. */
  onProgress?: ((progress: ImportProgress) => void) | undefined;
};

/**
 * Upserts centroids in batched transactions. Re-running with a newer ONSPD release updates
 * moved centroids in place; postcodes the new file no longer lists are kept, because old
 * addresses still use terminated postcodes.
 */
export async function importPostcodes(
  db: Database,
  rows: AsyncIterable<OnsPostcodeCentroid> | Iterable<OnsPostcodeCentroid>,
  options: ImportOptions = {},
): Promise<ImportProgress> {
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  const progress: ImportProgress = { imported: 0, batches: 0 };
  let batch: (typeof postcodes.$inferInsert)[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    await db.transaction(
      async (tx) => {
        for (let i = 0; i < pending.length; i += ROWS_PER_STATEMENT) {
          await tx
            .insert(postcodes)
            .values(pending.slice(i, i + ROWS_PER_STATEMENT))
            .onConflictDoUpdate({
              target: postcodes.postcode,
              set: {
                outward: sql`excluded.outward`,
                lat: sql`excluded.lat`,
                lon: sql`excluded.lon`,
              },
            });
        }
      },
      { behavior: 'immediate' },
    );
    progress.imported += pending.length;
    progress.batches += 1;
    options.onProgress?.({ ...progress });
  };

  for await (const row of rows) {
    batch.push({ postcode: row.postcode, outward: row.outward, lat: row.lat, lon: row.lon });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return progress;
}

export async function countPostcodes(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(postcodes);
  return row?.n ?? 0;
}

/**
 * The `LookupCentroid` the distance estimate uses: the postcode's own centroid, else the mean
 * of its outward code's (a postcode newer than the imported file still lands within its
 * district, a mile or two, rather than at the area's main town), else null so the estimate
 * falls back to the area centroid.
 */
export function createPostcodeCentroidLookup(db: Database): LookupCentroid {
  return async (postcode: string): Promise<LatLon | null> => {
    const [exact] = await db
      .select({ lat: postcodes.lat, lon: postcodes.lon })
      .from(postcodes)
      .where(eq(postcodes.postcode, postcode));
    if (exact) return exact;
    const outward = postcode.split(' ')[0];
    if (!outward) return null;
    const [district] = await db
      .select({ lat: avg(postcodes.lat), lon: avg(postcodes.lon), n: count() })
      .from(postcodes)
      .where(eq(postcodes.outward, outward));
    if (!district || district.n === 0 || district.lat === null || district.lon === null) return null;
    return { lat: Number(district.lat), lon: Number(district.lon) };
  };
}
