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
    // react-admin and MUI are one large vendor chunk by nature; split them from our code so our
    // releases do not invalidate the cached vendor file.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks: (id) => (id.includes('node_modules') ? 'vendor' : undefined),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // A bound for a busy shared machine, not a speed target: failures are about behaviour.
    testTimeout: 20_000,
  },
});
