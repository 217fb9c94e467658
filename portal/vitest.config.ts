import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The files of a worker share the libraries they import (React, the router, Testing Library),
    // loaded once per worker instead of once per file: half the suite's CPU time. The portal's own
    // modules are loaded afresh for each file (src/test/setup.ts), so no file sees another's state.
    isolate: false,
    maxWorkers: 2,
    restoreMocks: true,
    unstubGlobals: true,
    // A bound for a busy machine, not a speed target: failures are about behaviour (the
    // measurements behind 60 s: docs/performance.md, "The test command").
    testTimeout: 60_000,
  },
});
