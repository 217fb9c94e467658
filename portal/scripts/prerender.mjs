/**
 * After `vite build` and `vite build --ssr src/prerender.tsx --outDir dist-prerender`: writes the
 * home page's HTML into dist/index.html, so its first paint needs no script, and keeps the empty
 * shell as dist/app.html for every other route (the API serves it for them: api/src/app.ts).
 * The server bundle stays in dist-prerender/ (ignored by git): the page's modules may still be
 * loading chunks of it when this script ends.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const bundle = join(root, 'dist-prerender');
const ROOT_DIV = '<div id="root"></div>';

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes(ROOT_DIV)) throw new Error(`dist/index.html has no empty ${ROOT_DIV}`);

const { prerender } = await import(pathToFileURL(join(bundle, 'prerender.js')).href);
const html = await prerender('/');
if (!html.includes('<h1')) throw new Error('the prerendered home page has no heading');

writeFileSync(join(dist, 'app.html'), shell);
writeFileSync(join(dist, 'index.html'), shell.replace(ROOT_DIV, `<div id="root">${html}</div>`));
console.log(`prerendered / (${html.length} characters of HTML)`);
