import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { courierServices } from './db/schema';
import { bumpCatalogVersion } from './features/couriers';
import { createVendorWithService } from './features/orders/orders.testing';
import { COMPRESS_THRESHOLD_BYTES, negotiateEncoding } from './lib/compression';
import { createTestApp, type TestApp } from './test/harness';

const decode = (encoding: string | null, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

async function fetchRaw(t: TestApp, path: string, acceptEncoding?: string) {
  const res = await t.app.request(path, {
    headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, decoded: decode(res.headers.get('content-encoding'), bytes) };
}

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *;q=0.1', 'br'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('API responses compressed on the fly', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  /** A stored quote with eight options: several kilobytes of JSON that read the same every time. */
  async function storedQuotePath() {
    const { vendorId } = await createVendorWithService(t);
    await t.deps.db.insert(courierServices).values(
      Array.from({ length: 7 }, (_, i) => ({
        vendorId,
        name: `Compressible ${i}`,
        serviceType: 'domestic' as const,
        fromLocation: 'Any',
        toLocation: 'Any',
        weightTiers: [{ maxKg: 30, price: 900 + i * 10 }],
        transitDays: 1 + (i % 3),
      })),
    );
    await bumpCatalogVersion(t.deps.db);
    t.deps.catalog.invalidate();
    const quote = await t.post('/api/v1/quotes', {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    });
    expect(quote.status).toBe(201);
    expect(quote.body.options).toHaveLength(8);
    return `/api/v1/quotes/${quote.body.id}`;
  }

  it('answers brotli and gzip that decode to the very bytes of the uncompressed answer, with Vary and the right length', async () => {
    const path = await storedQuotePath();
    const plain = await fetchRaw(t, path);
    expect(plain.res.status).toBe(200);
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    // The uncompressed form depends on Accept-Encoding too: a cache must keep it apart.
    expect(plain.res.headers.get('vary')).toMatch(/accept-encoding/i);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await fetchRaw(t, path, accept);
      expect(packed.res.status).toBe(200);
      expect(packed.res.headers.get('content-encoding')).toBe(encoding);
      expect(packed.res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(packed.res.headers.get('content-type')).toContain('application/json');
      expect(Number(packed.res.headers.get('content-length'))).toBe(packed.bytes.length);
      expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 2);
      expect(packed.decoded.equals(plain.bytes)).toBe(true);
    }
  });

  it('compresses problem documents too, and leaves small answers and refused encodings alone', async () => {
    const small = await fetchRaw(t, '/healthz', 'br');
    expect(small.res.headers.get('content-encoding')).toBeNull();
    expect(small.bytes.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);

    const path = await storedQuotePath();
    const refused = await fetchRaw(t, path, 'br;q=0, gzip;q=0');
    expect(refused.res.headers.get('content-encoding')).toBeNull();
    expect(refused.res.headers.get('vary')).toMatch(/accept-encoding/i);

    // A validation problem with many errors is over the threshold: the same rules apply.
    const body = JSON.stringify({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: Array.from({ length: 20 }, () => ({ length: -1, width: -1, height: -1, weight: -1 })),
    });
    const ask = (acceptEncoding?: string) =>
      t.app.request('/api/v1/quotes', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
        },
        body,
      });
    const plain = Buffer.from(await (await ask()).arrayBuffer());
    const packed = await ask('br');
    expect(packed.status).toBe(422);
    expect(packed.headers.get('content-type')).toContain('application/problem+json');
    expect(plain.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await packed.arrayBuffer())).equals(plain)).toBe(true);
  });

  it('compresses the OpenAPI document', async () => {
    const plain = await fetchRaw(t, '/openapi.json');
    const packed = await fetchRaw(t, '/openapi.json', 'br');
    expect(packed.res.headers.get('content-encoding')).toBe('br');
    expect(packed.decoded.equals(plain.bytes)).toBe(true);
  });
});

describe('static files served from their build-time copies', () => {
  let root: string;
  let t: TestApp;
  const files: Record<string, string> = {
    'portal/dist/index.html': `<!doctype html><title>portal</title>${'<!-- padding -->'.repeat(100)}`,
    'portal/dist/assets/index-abc123.js': `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, label: `row ${i}` })))};`,
    'portal/dist/assets/index-abc123.css': `.a{color:red}\n`.repeat(200),
    'portal/dist/assets/tiny.js': 'x',
    'admin/dist/index.html': `<!doctype html><title>admin</title>${' '.repeat(2000)}`,
    'admin/dist/assets/vendor.js': `console.log(${JSON.stringify('admin '.repeat(500))});`,
    'widget/dist/consign.js': `(function(){${'var a=1;'.repeat(500)}})();`,
    'widget/dist/snippet.js': 's.src="__CONSIGN_ORIGIN__/widget/v1/consign.js"',
  };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'consign-precompressed-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    for (const dist of ['portal/dist', 'admin/dist', 'widget/dist']) await precompress(join(root, dist));
    t = await createTestApp({ STATIC_ROOT: root });
  });
  afterEach(() => {
    t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/assets/index-abc123.js', 'portal/dist/assets/index-abc123.js', 'javascript'],
    ['/assets/index-abc123.css', 'portal/dist/assets/index-abc123.css', 'text/css'],
    ['/', 'portal/dist/index.html', 'text/html'],
    ['/admin/assets/vendor.js', 'admin/dist/assets/vendor.js', 'javascript'],
    ['/widget/v1/consign.js', 'widget/dist/consign.js', 'javascript'],
  ])(
    '%s: the best copy the client accepts, with its own length, decoding to the file',
    async (path, file, type) => {
      const original = readFileSync(join(root, file));
      for (const [accept, encoding, copy] of [
        ['gzip, deflate, br, zstd', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
      ] as const) {
        const { res, bytes, decoded } = await fetchRaw(t, path, accept);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('content-type')).toContain(type);
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
        expect(bytes.equals(readFileSync(join(root, file + copy)))).toBe(true);
        expect(decoded.equals(original)).toBe(true);
      }
      const { res, bytes } = await fetchRaw(t, path);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Number(res.headers.get('content-length'))).toBe(original.length);
      expect(bytes.equals(original)).toBe(true);
    },
  );

  it('keeps the immutable caching and cross-origin headers of the files it serves compressed', async () => {
    const asset = await t.app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const widget = await t.app.request('/widget/v1/consign.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(widget.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('never serves dotfiles such as the build record', async () => {
    writeFileSync(join(root, 'portal/dist/.build-hash'), 'secret-build-hash');
    writeFileSync(join(root, 'widget/dist/.build-hash'), 'secret-build-hash');
    for (const path of ['/.build-hash', '/widget/v1/.build-hash', '/assets/.hidden.js']) {
      const res = await t.app.request(path);
      expect(await res.text()).not.toContain('secret-build-hash');
    }
  });

  it('sends a file whose copy would not be smaller as it is', async () => {
    const { res, bytes } = await fetchRaw(t, '/assets/tiny.js', 'br');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(bytes.toString()).toBe('x');
  });
});
