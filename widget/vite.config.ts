import { gzipSync } from 'node:zlib';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildSnippet, SCRIPT_PATH, SNIPPET_ORIGIN } from './build/snippet';

const API_ORIGIN = 'http://127.0.0.1:3000';

function consignSnippet(): Plugin {
  return {
    name: 'consign-snippet',
    // The dev page pastes the real snippet, exactly as a partner would.
    async transformIndexHtml(html) {
      return html.replace('<!-- consign:snippet -->', `<script>${await buildSnippet(SCRIPT_PATH)}</script>`);
    },
    configureServer(server) {
      // The snippet inserts a classic script; in development that script pulls in the ES module
      // entry, so the dev page exercises the same queue hand-over as production.
      server.middlewares.use(SCRIPT_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end('import("/src/consign.ts");');
      });
    },
    async generateBundle() {
      // The API fills in its own PUBLIC_URL when it serves this file (api/src/app.ts), so one
      // build works on every deployment instead of pointing at the address it was built for.
      const snippet = await buildSnippet(`${SNIPPET_ORIGIN}${SCRIPT_PATH}`);
      this.emitFile({ type: 'asset', fileName: 'snippet.js', source: `${snippet}\n` });
      // Vite's own report rounds to 0.01 kB; the snippet's budget is counted in bytes.
      this.info(`snippet.js is ${snippet.length} bytes (${gzipSync(snippet).length} gzipped)`);
    },
  };
}

export default defineConfig({
  plugins: [preact(), consignSnippet()],
  define: {
    // Library builds leave process.env alone; Preact and the browser must not see it.
    'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production'),
  },
  server: {
    port: 5175,
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2019',
    sourcemap: true,
    lib: {
      entry: 'src/consign.ts',
      formats: ['iife'],
      name: 'ConsignWidget',
      fileName: () => 'consign.js',
    },
    rollupOptions: {
      // One file: partners load a single script, with no chunks to fetch from their origin.
      output: { inlineDynamicImports: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A bound for a busy shared machine, not a speed target: failures are about behaviour.
    testTimeout: 20_000,
  },
});
