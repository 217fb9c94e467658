#!/usr/bin/env node
/**
 * The table scripts/test.sh prints at its end:
 *   node scripts/timing-table.mjs STEPS.tsv DIR
 * STEPS.tsv: one `name<TAB>seconds` line per step, in the order they finished. DIR: vitest's JSON
 * reports (`vitest-<package>.json`) and Playwright's (`playwright.json`), where there are any.
 * Each step's wall time, then the five slowest test files of each package.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const SLOWEST = 5;

const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;
const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;

/** [file, seconds] of every test file in a vitest JSON report (from the file's start to its end). */
export function vitestFiles(report) {
  return report.testResults.map((r) => [relative(REPO, r.name), (r.endTime - r.startTime) / 1000]);
}

/** [file, seconds] of every spec file in a Playwright JSON report (its tests' durations summed). */
export function playwrightFiles(report) {
  const perFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return [...perFile];
}

export function slowest(files, count = SLOWEST) {
  return [...files].sort((a, b) => b[1] - a[1]).slice(0, count);
}

function main([stepsFile, dir]) {
  const steps = readFileSync(stepsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([name, s]) => [name, Number(s)]);
  console.log('\n== Timings (wall) ==');
  const width = Math.max(...steps.map(([name]) => name.length), 10);
  for (const [name, s] of steps) console.log(`${name.padEnd(width)} ${seconds(s)}`);

  const reports = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const file of reports) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const vitest = file.match(/^vitest-(.+)\.json$/);
    const files = vitest ? vitestFiles(report) : playwrightFiles(report);
    const label = vitest
      ? `${vitest[1]} (vitest, ${files.length} files)`
      : `browser tests (portal/src/e2e, ${files.length} specs)`;
    console.log(`\nSlowest files of ${label}:`);
    for (const [name, s] of slowest(files)) console.log(`  ${seconds(s)}  ${name}`);
  }
  const started = Number(process.env.TEST_STARTED ?? Number.NaN);
  if (Number.isFinite(started)) console.log(`\nWhole command: ${minutes(Date.now() / 1000 - started)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
