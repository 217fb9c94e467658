/**
 * Loads exact postcode centroids for same-day distances from an ONS Postcode Directory CSV
 * (any extract with `pcds` or `pcd`, `lat` and `long` columns) into the `postcodes` table.
 *
 *   pnpm --filter @consign/api postcodes:import ONSPD_FEB_2025_UK.csv
 *   unzip -p ONSPD.zip 'Data/ONSPD_*.csv' | pnpm --filter @consign/api postcodes:import -
 *   options: --batch-size N (rows per transaction, default 5000)
 *
 * Writes to the database the API uses (DATABASE_URL, or DATA_DIR/consign.db), applying
 * migrations first, so it works on a database the API has never opened.
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { countPostcodes, IMPORT_BATCH_SIZE, importPostcodes } from '../src/features/quotes';
import { CsvError, type OnsSkip, parseOnsPostcodeCsv } from '../src/providers/distance/ons-csv';

const USAGE = 'usage: postcodes:import <file.csv | -> [--batch-size N]';

function parseArgs(argv: string[]): { file: string; batchSize: number } {
  let file: string | undefined;
  let batchSize = IMPORT_BATCH_SIZE;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--batch-size') {
      batchSize = Number(argv[++i]);
      if (!Number.isInteger(batchSize) || batchSize < 1)
        throw new UsageError('--batch-size needs a positive integer');
    } else if (arg === '--help' || arg === '-h') {
      throw new UsageError(USAGE);
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (file === undefined) {
      file = arg;
    } else {
      throw new UsageError('give one CSV file');
    }
  }
  if (!file) throw new UsageError(USAGE);
  return { file, batchSize };
}

class UsageError extends Error {}

async function main() {
  // pnpm runs package scripts inside api/; resolve the file and DATA_DIR from where the command
  // was typed, as the user expects.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { file, batchSize } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    await runMigrations(db);
    const target = config.database.isLocalFile ? config.database.url.slice('file:'.length) : 'libSQL server';
    const input = file === '-' ? process.stdin : createReadStream(resolve(file));
    console.log(
      `Importing postcode centroids from ${file === '-' ? 'standard input' : resolve(file)} into ${target}`,
    );

    const skipped = new Map<OnsSkip['reason'], { count: number; examples: string[] }>();
    const onSkip = (skip: OnsSkip) => {
      const entry = skipped.get(skip.reason) ?? { count: 0, examples: [] };
      entry.count += 1;
      if (entry.examples.length < 3) entry.examples.push(`row ${skip.row}: ${skip.value}`);
      skipped.set(skip.reason, entry);
    };
    const totalSkipped = () => [...skipped.values()].reduce((sum, entry) => sum + entry.count, 0);

    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    const result = await importPostcodes(db, parseOnsPostcodeCsv(input, { onSkip }), {
      batchSize,
      onProgress: ({ imported }) => {
        console.log(
          `  ${imported.toLocaleString('en-GB')} imported, ${totalSkipped().toLocaleString('en-GB')} skipped (${seconds()} s)`,
        );
      },
    });

    console.log(
      `Done: ${result.imported.toLocaleString('en-GB')} postcodes imported in ${result.batches} batch(es), ` +
        `${totalSkipped().toLocaleString('en-GB')} rows skipped, ${seconds()} s. ` +
        `The table now holds ${(await countPostcodes(db)).toLocaleString('en-GB')} postcodes.`,
    );
    for (const [reason, entry] of skipped) {
      console.log(`  skipped ${entry.count} × ${reason}, e.g. ${entry.examples.join('; ')}`);
    }
    if (result.imported === 0) {
      console.error('No usable rows: is this an ONS Postcode Directory CSV?');
      process.exitCode = 1;
    }
  } finally {
    db.$client.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof CsvError) {
    console.error(err.message);
    process.exitCode = err instanceof UsageError ? 2 : 1;
    return;
  }
  if ((err as NodeJS.ErrnoException)?.code === 'ENOENT') {
    console.error(`No such file: ${(err as NodeJS.ErrnoException).path}`);
    process.exitCode = 1;
    return;
  }
  console.error(err);
  process.exitCode = 1;
});
