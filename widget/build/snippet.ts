import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformWithEsbuild } from 'vite';

/** The path the API serves the built script at (api/src/app.ts, mountFrontEnds). */
export const SCRIPT_PATH = '/widget/v1/consign.js';

/** Stands for the Consign origin in dist/snippet.js; the API replaces it with its PUBLIC_URL. */
export const SNIPPET_ORIGIN = '__CONSIGN_ORIGIN__';

const SNIPPET_SOURCE = fileURLToPath(new URL('../src/snippet.ts', import.meta.url));

/**
 * The pasteable snippet: src/snippet.ts minified on its own (so it stays a few hundred bytes and
 * carries none of the widget), invoked with the script URL partners load. Used by the build, the
 * dev page and the snippet's tests, so all three run the very bytes partners paste.
 */
export async function buildSnippet(scriptUrl: string): Promise<string> {
  const source = readFileSync(SNIPPET_SOURCE, 'utf8').replace(/^export /gm, '');
  const call = `installConsign(window, document, ${JSON.stringify(scriptUrl)});`;
  const { code } = await transformWithEsbuild(`${source}\n${call}\n`, 'snippet.ts', {
    loader: 'ts',
    format: 'iife',
    minify: true,
    target: 'es2019',
  });
  return code.trim();
}
