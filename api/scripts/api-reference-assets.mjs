/**
 * Part of the API build: copies the API reference viewer (Scalar's standalone script, 3-4 MB) into
 * dist/docs/ with brotli and gzip copies beside it, so /docs/api/scalar.js goes out compressed
 * (about 1 MB of brotli) without compressing it per request. src/api-reference.ts serves it.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/precompress.mjs';

const out = fileURLToPath(new URL('../dist/docs/', import.meta.url));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
copyFileSync(
  createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'),
  `${out}scalar.js`,
);
const started = performance.now();
const s = await precompress(out);
console.log(
  `dist/docs: API reference viewer ${(s.bytes / 1024).toFixed(0)} KB -> brotli ${(s.br / 1024).toFixed(0)} KB, ` +
    `gzip ${(s.gz / 1024).toFixed(0)} KB (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
