/**
 * scripts/precompress.mjs: every compressible file gets copies that decode to it, and a rebuild
 * never leaves a copy that disagrees with its file. Run with `node --test scripts/`.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { check, precompress } from './precompress.mjs';

let dir;
const text = (n) => `${Array.from({ length: n }, (_, i) => `line ${i % 50}`).join('\n')}\n`;

describe('precompress', () => {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'consign-precompress-test-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${text(100)}`);
    writeFileSync(join(dir, 'assets/app.js'), text(2000));
    writeFileSync(join(dir, 'assets/app.js.map'), text(2000));
    writeFileSync(join(dir, 'assets/logo.png'), Buffer.alloc(4000, 7));
    writeFileSync(join(dir, 'assets/x.js'), 'x');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of compressible files that decode to them, and only those', async () => {
    await precompress(dir);
    for (const file of ['index.html', 'assets/app.js']) {
      const original = readFileSync(join(dir, file));
      assert.ok(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(original));
      assert.ok(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(original));
    }
    // Images are compressed already, maps are only for developer tools, and a copy must be smaller.
    for (const file of ['assets/logo.png', 'assets/app.js.map', 'assets/x.js'])
      assert.equal(existsSync(join(dir, `${file}.br`)) || existsSync(join(dir, `${file}.gz`)), false, file);
    assert.deepEqual(await check(dir), []);
  });

  it('check finds a missing copy, a copy that disagrees and an orphan; precompressing again mends them', async () => {
    await precompress(dir);
    writeFileSync(join(dir, 'assets/app.js'), text(3000));
    rmSync(join(dir, 'index.html.gz'));
    writeFileSync(join(dir, 'gone.js.br'), 'stale');
    const problems = await check(dir);
    assert.ok(problems.some((p) => p.includes('app.js.br') && p.includes('does not decode')));
    assert.ok(problems.some((p) => p.includes('app.js.gz') && p.includes('does not decode')));
    assert.ok(problems.some((p) => p.includes('index.html.gz') && p.includes('missing')));
    assert.ok(problems.some((p) => p.includes('gone.js.br')));
    await precompress(dir);
    assert.deepEqual(await check(dir), []);
    assert.equal(existsSync(join(dir, 'gone.js.br')), false);
  });
});
