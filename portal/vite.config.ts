import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// CONSIGN_API_ORIGIN points the dev proxy at an API on another port (e.g. a second checkout).
const API_ORIGIN = process.env.CONSIGN_API_ORIGIN ?? 'http://127.0.0.1:3000';

// Everything the API process serves besides the portal itself is proxied in development,
// so the portal talks to the same origin in dev and in production (cookies, CORS).
const proxied = ['/api', '/uploads', '/widget', '/admin', '/docs', '/openapi.json'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // React and the router change less often than the app: their own chunk stays cached across
        // deploys. Every other library goes with the pages that use it, so a page loads only
        // what it needs (the home page's first download is a budget: see pnpm bench).
        manualChunks(id) {
          if (/[\\/]node_modules[\\/].*[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id))
            return 'react';
          return undefined;
        },
      },
    },
  },
});
