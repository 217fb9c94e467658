import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression, withKnownBody } from './compression';

/** A text/plain answer streamed in 64 KB chunks with no Content-Length, as a generated export would be. */
function streamed(bytes: number) {
  const chunk = new TextEncoder().encode('0123456789abcdef'.repeat(4096));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.byteLength, bytes - sent));
      sent += part.byteLength;
      controller.enqueue(part);
    },
  });
}

const app = new Hono();
app.use('*', compression());
app.get('/stream/:bytes', (c) =>
  c.body(streamed(Number(c.req.param('bytes'))), 200, { 'Content-Type': 'text/plain; charset=utf-8' }),
);
app.get('/no-transform', (c) =>
  c.json({ padding: 'x'.repeat(4000) }, 200, { 'Cache-Control': 'no-transform' }),
);
// Bytes the route already holds (serializedJson): compressed from them, not read back.
const knownText = JSON.stringify({ names: Array.from({ length: 200 }, (_, i) => `Zoë Åberg ${i} — £${i}`) });
const knownBytes = new Uint8Array(Buffer.from(knownText, 'utf8'));
app.get('/known', (c) =>
  withKnownBody(c.body(knownBytes, 200, { 'Content-Type': 'application/json' }), knownBytes),
);

describe('compression() on streamed and opted-out answers', () => {
  it('compresses a stream of unknown length that turns out small enough', async () => {
    const res = await app.request('/stream/200000', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const plain = Buffer.from(await (await app.request('/stream/200000')).arrayBuffer());
    expect(plain.length).toBe(200000);
    expect(brotliDecompressSync(bytes).equals(plain)).toBe(true);
  });

  it('passes a stream over the in-memory bound through whole and uncompressed', async () => {
    const res = await app.request('/stream/3000000', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(3000000);
    expect(bytes.subarray(2999984).toString()).toBe('0123456789abcdef');
  });

  it('compresses a response of known bytes to exactly those bytes, and sends them whole to others', async () => {
    const packed = await app.request('/known', { headers: { 'Accept-Encoding': 'br' } });
    expect(packed.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(Number(packed.headers.get('content-length'))).toBe(bytes.length);
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(knownText);
    const plain = await app.request('/known');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(knownText);
  });

  it('leaves an answer marked no-transform alone', async () => {
    const res = await app.request('/no-transform', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { padding: string }).padding).toHaveLength(4000);
  });
});
