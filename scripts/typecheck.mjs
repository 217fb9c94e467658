#!/usr/bin/env node
/**
 * The type check of every package (or of those named: `node scripts/typecheck.mjs portal api`),
 * with TypeScript 7, the native compiler: the same checks as TypeScript 5.9 at about a third of
 * its CPU time (docs/performance.md, "The test command"). TypeScript 5.9 stays installed for the
 * tools that use the compiler's JavaScript API, which 7.0 does not have (openapi-typescript, the
 * dependency rules). The packages are checked one after another: the compiler uses both cores.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['packages/shared', 'api', 'portal', 'admin', 'widget'];

// The package's `bin` entry (its exports do not name the file).
const pkgJson = createRequire(join(root, 'package.json')).resolve('typescript-native/package.json');
const tsc = join(dirname(pkgJson), 'bin', 'tsc');

function check(pkg) {
  const started = performance.now();
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(root, pkg, 'tsconfig.json')], {
    cwd: join(root, pkg),
    stdio: 'inherit',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${status === 0 ? 'ok' : 'FAILED'}  ${pkg} (${seconds} s)`);
  return status === 0;
}

const asked = process.argv.slice(2).map((a) => a.replace(/\/$/, ''));
const unknown = asked.filter((a) => !PACKAGES.includes(a));
if (unknown.length > 0) {
  console.error(`Unknown package: ${unknown.join(', ')} (one of ${PACKAGES.join(', ')})`);
  process.exit(2);
}
// Every package is checked even after one fails, so one run lists every error.
const results = (asked.length > 0 ? asked : PACKAGES).map(check);
process.exit(results.every(Boolean) ? 0 : 1);
