import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Database } from './client';
import { repairTextIfAsked } from './repair-text';

// Beside this file in src/, and copied beside dist/main.js by the build.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The schema's migrations, then the one-time data repairs they ask for. */
export async function runMigrations(db: Database) {
  await migrate(db, { migrationsFolder });
  await repairTextIfAsked(db);
}
