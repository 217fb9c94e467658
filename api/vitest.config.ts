import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Each test file gets its own database file; files run in parallel on separate workers.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
