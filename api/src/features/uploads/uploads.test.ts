import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA } from './uploads.service';
import { multipart, PDF, PNG, postUpload } from './uploads.testing';

let t: TestApp;
let auth: Record<string, string>;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  const session = await signUpVerified(t, 'u@example.com');
  auth = t.bearer(session.accessToken);
  userId = session.user.id;
});
afterEach(() => t.close());

const UPLOADS = '/api/v1/uploads';

/** What these responses carry: an upload result or a problem. */
type Answer = { url: string; detail: string; errors: { path: string }[] };
const read = async (res: Response) => (await res.json()) as Answer;

const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  ...Buffer.from('JFIF\0'),
  0x01,
  0x01,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(18),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** The image's own bytes followed by zeros, to reach an exact size. */
const padded = (image: Buffer, size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);

/** Sends with a Content-Length, as most clients do. */
async function upload(bytes: Uint8Array, filename = 'logo.png', type = 'image/png', headers = auth) {
  const res = await postUpload(t, headers, bytes, filename, type);
  return { status: res.status, headers: res.headers, body: await read(res) };
}

/** Sends as a stream without Content-Length (chunked); counts what the server pulled. */
function chunkedRequest(prefix: Uint8Array, contentType: string, totalBytes: number) {
  let pulled = 0;
  const chunk = 64 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      const size = Math.min(chunk, totalBytes - pulled);
      const bytes = new Uint8Array(size);
      // The stream starts with the multipart prefix; the rest is file content.
      if (pulled < prefix.length) bytes.set(prefix.subarray(pulled, pulled + size));
      pulled += size;
      controller.enqueue(bytes);
    },
  });
  const response = t.app.request(UPLOADS, {
    method: 'POST',
    body: stream,
    headers: { ...auth, 'Content-Type': contentType },
    duplex: 'half',
  } as RequestInit);
  return { response, pulled: () => pulled };
}

describe('POST /uploads', () => {
  it('stores a PNG under a random name and serves it with its type and nosniff', async () => {
    const res = await upload(PNG);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.request(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const row = await t.deps.db.query.uploads.findFirst({ where: eq(uploads.ownerId, userId) });
    expect(row).toMatchObject({ bytes: PNG.length, contentType: 'image/png', key: res.body.url.slice(9) });
    const again = await upload(PNG);
    expect(again.body.url).not.toBe(res.body.url);
  });

  it('decides the type from the bytes: a PNG named .jpg is stored and served as a PNG', async () => {
    const res = await upload(PNG, 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/\.png$/);
    const served = await t.app.request(res.body.url);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('accepts JPEG and WebP with their own extensions', async () => {
    const jpeg = await upload(JPEG, 'a.bin', 'application/octet-stream');
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.url).toMatch(/\.jpg$/);
    expect((await t.app.request(jpeg.body.url)).headers.get('content-type')).toBe('image/jpeg');
    const webp = await upload(WEBP, 'b', '');
    expect(webp.status).toBe(201);
    expect(webp.body.url).toMatch(/\.webp$/);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, this is not an image\n'), 'evil.png', 'image/png'],
    ['HTML named .jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.svg', 'image/svg+xml'],
    ['a GIF (an image, but not one we accept)', GIF, 'x.gif', 'image/gif'],
    ['an empty file', Buffer.alloc(0), 'x.png', 'image/png'],
    ['text declared as a PDF', Buffer.from('Invoice 42: £120.00\n'), 'invoice.pdf', 'application/pdf'],
    [
      'HTML declared as a PDF',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.pdf',
      'application/pdf',
    ],
    [
      'a file starting %PDF without its header',
      Buffer.from('%PDF<script>alert(1)</script>'),
      'x.pdf',
      'application/pdf',
    ],
  ])(
    'answers 415 "Please select an image or PDF file" for %s, and stores nothing',
    async (_label, bytes, name, type) => {
      const res = await upload(bytes, name, type);
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.detail).toBe('Please select an image or PDF file');
      expect(readdirSync(t.deps.config.uploadDir)).toEqual([]);
      expect(await t.deps.db.select().from(uploads)).toEqual([]);
    },
  );

  it('stores a PDF from its bytes and serves it as a download that runs nothing', async () => {
    // Named and declared as something else: only its `%PDF-` header counts.
    const res = await upload(PDF, 'receipt.png', 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.pdf$/);
    const served = await t.app.request(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="proof-of-value.pdf"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
    const row = await t.deps.db.query.uploads.findFirst({ where: eq(uploads.ownerId, userId) });
    expect(row).toMatchObject({ contentType: 'application/pdf', bytes: PDF.length });
    // An image is still shown in place: no download, the same policy.
    const png = await upload(PNG);
    const image = await t.app.request(png.body.url);
    expect(image.headers.get('content-disposition')).toBeNull();
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('accepts a file of exactly 5 MB and refuses 5 MB + 1 byte with 413', async () => {
    const exact = await upload(padded(PNG, MAX_UPLOAD_BYTES));
    expect(exact.status).toBe(201);
    const served = await t.app.request(exact.body.url);
    expect(Number(served.headers.get('content-length'))).toBe(MAX_UPLOAD_BYTES);

    const over = await upload(padded(PNG, MAX_UPLOAD_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('File size should be less than 5MB');
    expect(readdirSync(t.deps.config.uploadDir)).toHaveLength(1);
  });

  it('refuses a large body from its Content-Length before reading it', async () => {
    const { body, contentType } = await multipart(padded(PNG, 6 * 1024 * 1024), 'big.png', 'image/png');
    const res = await t.app.request(UPLOADS, {
      method: 'POST',
      body,
      headers: { ...auth, 'Content-Type': contentType, 'Content-Length': String(body.length) },
    });
    expect(res.status).toBe(413);
    expect((await read(res)).detail).toBe('File size should be less than 5MB');
  });

  it('stops reading a chunked body without Content-Length once it passes the limit', async () => {
    const { body, contentType } = await multipart(PNG, 'big.png', 'image/png');
    // The multipart head of a file part; what follows is an endless stream of file bytes.
    const head = body.subarray(0, body.indexOf(0x89));
    const total = 50 * 1024 * 1024;
    const { response, pulled } = chunkedRequest(head, contentType, total);
    const res = await response;
    expect(res.status).toBe(413);
    expect((await read(res)).detail).toBe('File size should be less than 5MB');
    expect(pulled()).toBeLessThan(MAX_UPLOAD_BYTES + 200 * 1024);
    expect(readdirSync(t.deps.config.uploadDir)).toEqual([]);
  });

  it('accepts a chunked body within the limit', async () => {
    const { body, contentType } = await multipart(padded(PNG, 1024 * 1024), 'ok.png', 'image/png');
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= body.length) return controller.close();
        controller.enqueue(body.subarray(sent, sent + 100_000));
        sent += 100_000;
      },
    });
    const res = await t.app.request(UPLOADS, {
      method: 'POST',
      body: stream,
      headers: { ...auth, 'Content-Type': contentType },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(201);
  });

  it('answers 401 without a token, before reading the body', async () => {
    const res = await upload(PNG, 'logo.png', 'image/png', {});
    expect(res.status).toBe(401);
    expect(await t.deps.db.select().from(uploads)).toEqual([]);
  });

  it('answers 422 naming image when the field is missing or is not a file', async () => {
    const { body, contentType } = await multipart(PNG, 'logo.png', 'image/png', 'logo');
    const wrongField = await t.app.request(UPLOADS, {
      method: 'POST',
      body,
      headers: { ...auth, 'Content-Type': contentType },
    });
    expect(wrongField.status).toBe(422);
    const problem = await read(wrongField);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain('image');

    const form = new FormData();
    form.append('image', 'just text');
    const text = await t.app.request(UPLOADS, { method: 'POST', body: form, headers: auth });
    expect(text.status).toBe(422);
    expect((await read(text)).errors[0]?.path).toBe('image');
  });

  it('answers 415 for a body that is not multipart and 400 for broken multipart', async () => {
    const res = await t.post(UPLOADS, { image: 'data:image/png;base64,AAAA' }, auth);
    expect(res.status).toBe(415);
    const broken = await t.app.request(UPLOADS, {
      method: 'POST',
      body: 'no parts here',
      headers: { ...auth, 'Content-Type': 'multipart/form-data; boundary=abc' },
    });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses an oversized chunked upload over a real HTTP connection', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { body, contentType } = await multipart(padded(PNG, 6 * 1024 * 1024), 'big.png', 'image/png');
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= body.length) return controller.close();
          controller.enqueue(body.slice(offset, offset + 256 * 1024));
          offset += 256 * 1024;
        },
      });
      // A stream body has no length, so fetch sends it with Transfer-Encoding: chunked.
      const res = await fetch(`http://127.0.0.1:${port}${UPLOADS}`, {
        method: 'POST',
        body: stream,
        headers: { ...auth, 'Content-Type': contentType },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await read(res)).detail).toBe('File size should be less than 5MB');
      expect(readdirSync(t.deps.config.uploadDir)).toEqual([]);
      expect(await t.deps.db.select().from(uploads)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it(`allows ${UPLOAD_QUOTA.files} files a day, then answers 429 with Retry-After until the window passes`, async () => {
    for (let i = 0; i < UPLOAD_QUOTA.files; i++) {
      expect((await upload(PNG)).status).toBe(201);
    }
    const refused = await upload(PNG);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Upload limit reached/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(readdirSync(t.deps.config.uploadDir)).toHaveLength(UPLOAD_QUOTA.files);

    // Another account has its own quota.
    const other = await signUpVerified(t, 'other@example.com');
    expect((await upload(PNG, 'x.png', 'image/png', t.bearer(other.accessToken))).status).toBe(201);

    const base = t.deps.now().getTime();
    t.deps.now = () => new Date(base + UPLOAD_QUOTA.windowMs + 60_000);
    expect((await upload(PNG)).status).toBe(201);
  });

  it(`refuses an upload that would take the day's total over ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB`, async () => {
    const now = t.deps.now();
    await t.deps.db.insert(uploads).values(
      Array.from({ length: 19 }, (_, i) => ({
        ownerId: userId,
        key: `earlier-${i}.png`,
        bytes: MAX_UPLOAD_BYTES,
        contentType: 'image/png',
        createdAt: now,
      })),
    );
    // 19 × 5 MB used: 5 MB more fits exactly, one byte more does not.
    const fits = await upload(padded(PNG, MAX_UPLOAD_BYTES));
    expect(fits.status).toBe(201);
    const over = await upload(PNG);
    expect(over.status).toBe(429);
  });
});
