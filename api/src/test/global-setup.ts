/**
 * Runs once before the API's test files: migrates one database as createTestApp() would, so that
 * each test app starts from a copy of it instead of applying every migration again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { createDeps } from '../deps';
import { createLogger } from '../lib/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database file as createDeps leaves a new one: migrated, with the default articles. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'consign-template-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-keys',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const deps = await createDeps(config, createLogger('silent'));
  // Everything in the one file, so a plain copy of it is the whole database.
  await deps.db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  deps.db.$client.close();
  project.provide('templateDatabase', config.database.url.slice('file:'.length));
  return () => rmSync(dir, { recursive: true, force: true });
}
