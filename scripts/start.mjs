#!/usr/bin/env node
/**
 * `pnpm start`: builds only the packages whose sources changed since their last build
 * (scripts/build.mjs prints a line per package), then runs the API, which serves them all, in
 * this same process.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPackages, REPO_ROOT } from './build.mjs';

try {
  await buildPackages({ changedOnly: true });
} catch (err) {
  console.error(`start: ${err.message}`);
  process.exit(1);
}
await import(pathToFileURL(join(REPO_ROOT, 'api/dist/main.js')).href);
