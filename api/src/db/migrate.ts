import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Database } from './client';

// Beside this file in src/, and copied beside dist/main.js by the build.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function runMigrations(db: Database) {
  await migrate(db, { migrationsFolder });
}
