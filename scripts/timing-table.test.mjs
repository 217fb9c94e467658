import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { playwrightFiles, slowest, vitestFiles } from './timing-table.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));

test('a vitest report gives each file its time from start to end, relative to the repository', () => {
  const report = {
    testResults: [
      { name: join(REPO, 'api/src/a.test.ts'), startTime: 1_000, endTime: 3_500 },
      { name: join(REPO, 'api/src/b.test.ts'), startTime: 2_000, endTime: 2_250 },
    ],
  };
  assert.deepEqual(vitestFiles(report), [
    ['api/src/a.test.ts', 2.5],
    ['api/src/b.test.ts', 0.25],
  ]);
});

test('a Playwright report sums each spec file over its tests, nested suites and retries included', () => {
  const result = (ms) => ({ duration: ms });
  const report = {
    suites: [
      {
        specs: [{ file: 'a.spec.ts', tests: [{ results: [result(1_000), result(500)] }] }],
        suites: [{ specs: [{ file: 'a.spec.ts', tests: [{ results: [result(2_000)] }] }] }],
      },
      { specs: [{ file: 'b.spec.ts', tests: [{ results: [result(4_000)] }] }] },
    ],
  };
  assert.deepEqual(playwrightFiles(report), [
    ['a.spec.ts', 3.5],
    ['b.spec.ts', 4],
  ]);
});

test('slowest answers the slowest first, at most the count asked for', () => {
  const files = [
    ['a', 1],
    ['b', 5],
    ['c', 3],
  ];
  assert.deepEqual(slowest(files, 2), [
    ['b', 5],
    ['c', 3],
  ]);
  assert.deepEqual(slowest(files), [
    ['b', 5],
    ['c', 3],
    ['a', 1],
  ]);
});
