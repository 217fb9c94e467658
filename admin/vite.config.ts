import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  // The API serves the built console under /admin/ (api/src/app.ts, mountFrontEnds).
  base: '/admin/',
  plugins: [react()],
  server: {
    port: 5176,
    // Same origin in development as in production, so the httpOnly refresh cookie just works.
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Resources and the dashboard's charts load on demand (React.lazy); Rollup splits what they
    // share. The first load is bounded by size-limit (package.json).
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Both cores (vitest's default leaves one idle on a two-core machine), and the files of a worker
    // share the libraries they import, loaded once per worker instead of once per file; the
    // console's own modules are loaded afresh for each file (src/test/setup.ts). Measured in
    // docs/performance.md.
    maxWorkers: 2,
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A bound for a busy machine, not a speed target: failures are about behaviour (the
    // measurements behind 60 s: docs/performance.md, "The test command").
    testTimeout: 60_000,
  },
});
