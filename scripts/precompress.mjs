#!/usr/bin/env node
/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a build folder,
 * so the server sends static assets compressed at the best levels without compressing per request
 * (api/src/app.ts serves them with serveStatic's `precompressed` option).
 *
 *   node scripts/precompress.mjs <dir>...          write the copies (the build steps run this)
 *   node scripts/precompress.mjs --check <dir>...  fail unless every copy decodes to its file
 *
 * A copy is kept only when it is smaller than its file; stale copies (of a file that changed,
 * shrank below the point, or is gone) are removed, so a folder never carries a copy that disagrees.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Text-like files, the ones compression pays for; images and fonts other than these are compressed
 * already. Source maps are left as they are: only developer tools fetch them, and brotli at its
 * best level on them would multiply the build time (35 s instead of 4 s for the portal).
 */
export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.htm',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
  '.wasm',
  '.ttf',
  '.otf',
]);
/**
 * Brotli's best quality (11) for files up to 1 MB; above that quality 9, which on the 3.5 MB API
 * reference viewer takes 2 s instead of 23 s for 13 % more bytes.
 */
const BIG_FILE_BYTES = 1024 * 1024;
export const COPIES = [
  {
    suffix: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: data.length > BIG_FILE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    decompress: unbrotli,
  },
  { suffix: '.gz', compress: (data) => gzipAsync(data, { level: 9 }), decompress: gunzipAsync },
];

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath ?? entry.path, entry.name));
  }
  return out;
}

const isCopy = (file) => COPIES.some((c) => file.endsWith(c.suffix));
const exists = (file) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Runs `fn` over `items`, at most `limit` at once (two copies each: zlib's thread pool has 4 threads). */
async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Writes the copies of every compressible file under `dir`; returns counts and bytes. */
export async function precompress(dir) {
  const files = await filesUnder(dir);
  const present = new Set(files);
  const summary = { files: 0, bytes: 0, br: 0, gz: 0 };
  // Copies whose file is gone.
  await Promise.all(
    files.filter((f) => isCopy(f)).map((f) => (present.has(f.replace(/\.(br|gz)$/, '')) ? null : rm(f))),
  );
  const originals = files.filter((f) => !isCopy(f) && COMPRESSIBLE.has(extname(f).toLowerCase()));
  await eachLimited(originals, 2, async (file) => {
    const data = await readFile(file);
    summary.files++;
    summary.bytes += data.length;
    await Promise.all(
      COPIES.map(async (copy) => {
        const compressed = await copy.compress(data);
        if (compressed.length < data.length) {
          await writeFile(file + copy.suffix, compressed);
          summary[copy.suffix.slice(1)] += compressed.length;
        } else {
          await rm(file + copy.suffix, { force: true });
        }
      }),
    );
  });
  return summary;
}

/** Problems found: a compressible file without its copies, or a copy that does not decode to its file. */
export async function check(dir) {
  const problems = [];
  const files = await filesUnder(dir);
  for (const file of files) {
    if (isCopy(file)) {
      const original = file.replace(/\.(br|gz)$/, '');
      if (!(await exists(original))) problems.push(`${file}: no ${original}`);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    const data = await readFile(file);
    for (const copy of COPIES) {
      const path = file + copy.suffix;
      if (!(await exists(path))) {
        // Only a copy that would not be smaller may be missing.
        if ((await copy.compress(data)).length < data.length) problems.push(`${path}: missing`);
        continue;
      }
      const decoded = await copy.decompress(await readFile(path));
      if (!decoded.equals(data)) problems.push(`${path}: does not decode to ${file}`);
    }
  }
  return problems;
}

async function main(args) {
  const checking = args[0] === '--check';
  const dirs = checking ? args.slice(1) : args;
  if (dirs.length === 0) throw new Error('usage: node scripts/precompress.mjs [--check] <dir>...');
  let failed = false;
  for (const dir of dirs) {
    if (checking) {
      const problems = await check(dir);
      for (const p of problems) console.error(`precompress --check: ${p}`);
      if (problems.length) failed = true;
      else console.log(`${dir}: every compressed copy decodes to its file`);
    } else {
      const started = performance.now();
      const s = await precompress(dir);
      const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
      console.log(
        `${dir}: ${s.files} files, ${kb(s.bytes)} -> brotli ${kb(s.br)}, gzip ${kb(s.gz)} ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
