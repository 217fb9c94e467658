import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // One migrated database, copied by createTestApp() for each test app (src/test/harness.ts).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Each test file gets its own database files. The files of a worker share its modules: every
    // file imports most of the app, and importing it once per worker instead of once per file is
    // most of what the suite's time went to (docs/contributing.md, "The test command"). What a
    // file could leave behind for the next is put back: spies and stubs here, the globals in
    // src/test/setup.ts.
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Bounds, not waits: a test fails on behaviour. Some spend real scrypt fifty times over (the
    // sign-in limits), and on a busy two-core machine that took more than 20 s.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
