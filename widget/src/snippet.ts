/**
 * The loader partners paste into their pages. It must stay tiny and dependency-free: the build
 * minifies this file on its own into `dist/snippet.js` (see vite.config.ts), so it may import
 * types only.
 *
 * Pasted twice (two CMS blocks, a tag manager plus a template), it must neither load the widget
 * twice nor drop calls made through either copy: the stub is reused when present and the script
 * tag is found by its id.
 */
import type { ConsignStub } from './types';

/** The id of the one `<script>` the snippet inserts; the embed reads its `src` to find Consign. */
export const SCRIPT_ID = 'consign-widget-js';

export function installConsign(w: Window, d: Document, src: string): void {
  // A named function so the stub can reach its own queue without going through `window`.
  const stub: ConsignStub =
    w.Consign ||
    function queue(...args: unknown[]) {
      stub.q = stub.q || [];
      stub.q.push(args);
    };
  w.Consign = stub;
  if (d.getElementById(SCRIPT_ID)) return;
  const script = d.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = src;
  (d.head || d.documentElement).appendChild(script);
}
