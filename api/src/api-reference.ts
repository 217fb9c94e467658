/**
 * The API reference at /docs/api: Scalar's viewer, served from the installed
 * @scalar/api-reference package rather than a CDN, so the page works without internet access
 * and under a Content-Security-Policy that allows only this origin's scripts (no inline script:
 * the start-up call is a file of its own). The viewer's web fonts are turned off for the same
 * reason; the system fonts stand in. (The mount point is not Scalar's default #api-reference,
 * which its script would also fill by itself: one viewer, set up by init.js.)
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { typedForViewer } from './lib/openapi-tidy';
import { staticFiles } from './lib/static-files';

export const API_REFERENCE_PATH = '/docs/api';
const SCRIPT_PATH = `${API_REFERENCE_PATH}/scalar.js`;
const INIT_PATH = `${API_REFERENCE_PATH}/init.js`;
/** The contract as the viewer reads it (lib/openapi-tidy.ts: `typedForViewer`). */
const DOCUMENT_PATH = `${API_REFERENCE_PATH}/openapi.json`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Consign API reference</title>
  </head>
  <body>
    <div id="consign-api-reference"></div>
    <noscript>The API reference needs JavaScript. The contract itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
    <script src="${SCRIPT_PATH}"></script>
    <script src="${INIT_PATH}"></script>
  </body>
</html>
`;

const INIT = `Scalar.createApiReference('#consign-api-reference', ${JSON.stringify({
  url: DOCUMENT_PATH,
  withDefaultFonts: false,
  hideClientButton: true,
  // Scalar's hosted extras cannot work here (they call scalar.com, which the CSP refuses): its
  // AI chat and its developer toolbar (Share, Deploy) are turned off.
  agent: { disabled: true },
  showDeveloperTools: 'never',
})});
`;

/**
 * The viewer as the API build copies it, with its brotli and gzip copies
 * (scripts/api-reference-assets.mjs): api/dist/docs/ both from src/ and from the bundled dist/main.js.
 */
export const BUILT_VIEWER = fileURLToPath(new URL('../dist/docs/scalar.js', import.meta.url));

// Unbuilt (tests, `pnpm dev`): 3-4 MB from the installed package, read on first use, then kept.
let viewer: Promise<Buffer> | undefined;
function viewerScript(): Promise<Buffer> {
  viewer ??= readFile(
    createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'),
  ).catch((err: unknown) => {
    viewer = undefined;
    throw err;
  });
  return viewer;
}

// biome-ignore lint/suspicious/noExplicitAny: mounted on the app whatever its environment type.
export function mountApiReference(app: Hono<any>, contract: () => object): void {
  app.get(API_REFERENCE_PATH, (c) => c.html(PAGE));
  let viewerDocument: object | undefined;
  app.get(DOCUMENT_PATH, (c) => {
    viewerDocument ??= typedForViewer(contract());
    return c.json(viewerDocument);
  });
  app.get(INIT_PATH, (c) =>
    c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  if (existsSync(BUILT_VIEWER)) {
    app.get(
      SCRIPT_PATH,
      staticFiles(
        { root: dirname(BUILT_VIEWER), path: 'scalar.js' },
        { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
      ),
    );
    return;
  }
  app.get(SCRIPT_PATH, async (c) =>
    c.body(new Uint8Array(await viewerScript()), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
}
