import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// CONSIGN_API_ORIGIN points the dev proxy at an API on another port (e.g. a second checkout).
const API_ORIGIN = process.env.CONSIGN_API_ORIGIN ?? 'http://127.0.0.1:3000';

// Everything the API process serves besides the portal itself is proxied in development,
// so the portal talks to the same origin in dev and in production (cookies, CORS).
const proxied = ['/api', '/uploads', '/widget', '/admin', '/docs', '/openapi.json'];

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/** Whether a module is one of `roots` or imported by one, directly or through others, statically. */
function importedBy(
  roots: (id: string, isEntry: boolean) => boolean,
  id: string,
  getModuleInfo: ModuleInfoOf,
  seen = new Set<string>(),
): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = getModuleInfo(id);
  if (!info) return false;
  return (
    roots(id, info.isEntry) ||
    info.importers.some((importer) => importedBy(roots, importer, getModuleInfo, seen))
  );
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const REACT = /[\\/]node_modules[\\/].*[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const FORMS = /[\\/]node_modules[\\/].*[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/;
/** The quote form (home and results pages) and the results page. */
const QUOTE_PAGES =
  /[\\/]portal[\\/]src[\\/](shared[\\/]quotes[\\/]QuoteForm|features[\\/]quotes[\\/]ResultPage)\.tsx$/;

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
        // deploys. Past the first screen (left to Rollup), a page's code comes in a few chunks by
        // role rather than one per module: the results page needed eighteen requests, and over
        // HTTP/1.1's six connections to a host each wave of them is a round trip on a phone.
        manualChunks(id, { getModuleInfo }) {
          if (REACT.test(id)) return 'react';
          // The first download stays one chunk (Rollup names it after the entry). Assigned, so
          // that the chunks below do not take its modules in with their own: a manual chunk takes
          // its unassigned imports.
          if (importedBy((_, isEntry) => isEntry, id, getModuleInfo)) return 'app';
          if (FORMS.test(id)) return 'forms';
          if (!NODE_MODULES.test(id) && importedBy((m) => QUOTE_PAGES.test(m), id, getModuleInfo))
            return 'quote';
          return undefined;
        },
      },
    },
  },
});
