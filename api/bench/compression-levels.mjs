/**
 * What each on-the-fly compression level costs on a body: bytes out and microseconds per call, for
 * brotli qualities 1-11 and gzip levels 1-9. `pnpm bench` runs it on the 50-option quote and
 * prints the table; it is how BROTLI_QUALITY and GZIP_LEVEL in src/lib/compression.ts were chosen.
 *
 *   node bench/compression-levels.mjs <file> [milliseconds per level, default 300]
 * Prints one JSON line: [{ encoding, level, bytes, micros }].
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const [file, msArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/compression-levels.mjs <file> [ms per level]');
const body = readFileSync(file);
const budgetMs = Number(msArg ?? 300);

function measure(encoding, level, compress) {
  const bytes = compress().length;
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < budgetMs || calls < 3) {
    compress();
    calls++;
  }
  const micros = ((performance.now() - started) * 1000) / calls;
  return { encoding, level, bytes, micros: Math.round(micros) };
}

const rows = [{ encoding: 'identity', level: 0, bytes: body.length, micros: 0 }];
for (let q = 1; q <= 11; q++) {
  rows.push(
    measure('br', q, () =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: q,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          // As the server does (src/lib/compression.ts): a window fitted to the body.
          [constants.BROTLI_PARAM_LGWIN]: Math.max(
            constants.BROTLI_MIN_WINDOW_BITS,
            Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))),
          ),
        },
      }),
    ),
  );
}
for (let level = 1; level <= 9; level++) rows.push(measure('gzip', level, () => gzipSync(body, { level })));
console.log(JSON.stringify(rows));
