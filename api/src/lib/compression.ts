/**
 * Response compression done by the process itself (docs/deployment.md says what is left to a
 * proxy). Static files carry brotli and gzip copies written at build time (scripts/precompress.mjs)
 * and are served by serveStatic's `precompressed` option; everything else of a compressible type
 * and over COMPRESS_THRESHOLD_BYTES (API JSON above all) is compressed here, on the fly, when the
 * client asks for it.
 *
 * Hono's own compress middleware offers neither brotli nor a level, and streams through
 * CompressionStream; API bodies are whole strings already, so one zlib call on the buffer is
 * cheaper and lets the level be chosen.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Below this a body is sent as it is: the saving is smaller than the cost, and than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * On-the-fly levels: the cheapest that keep the benchmark quote inside its size budget
 * (docs/performance.md, "Compression"; `pnpm bench` prints bench/compression-levels.mjs's table).
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 3;
/**
 * Up to this size a body is compressed on the event loop: the thread pool's stream and hops cost
 * more than the call itself (docs/performance.md). Larger bodies go to the pool, so they never
 * hold the loop.
 */
const SYNC_MAX_BYTES = 64 * 1024;
/**
 * Bodies larger than this are not compressed on the fly (they would hold a thread-pool thread
 * for long); the only such body is the unbuilt API reference viewer, whose build ships copies.
 */
const MAX_DYNAMIC_BYTES = 1024 * 1024;

export type ContentEncoding = 'br' | 'gzip';
/** In the server's order of preference, when the client likes them equally. */
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with for this Accept-Encoding header (q-values honoured), or null for none. */
export function negotiateEncoding(acceptEncoding: string | undefined | null): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: ContentEncoding; q: number } | null = null;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/**
 * Options by window size, made once each: the server compresses thousands of bodies a second, and
 * building the options object was a measurable part of a quote's compression.
 */
const brotliOptionsByWindow = new Map<number, { params: Record<number, number> }>();

function brotliOptions(body: Uint8Array) {
  // A window just large enough for the body: the default (4 MB) is allocated and cleared
  // on every call, which for a 30 KB quote costs more than compressing it.
  const window = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, 32 - Math.clz32(body.byteLength)),
  );
  let options = brotliOptionsByWindow.get(window);
  if (!options) {
    options = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // The window's size rather than the body's: a hint, and it lets one options object serve
        // every body of that window.
        [constants.BROTLI_PARAM_SIZE_HINT]: 2 ** window,
        [constants.BROTLI_PARAM_LGWIN]: window,
      },
    };
    brotliOptionsByWindow.set(window, options);
  }
  return options;
}

export async function compressBody(body: Uint8Array, encoding: ContentEncoding): Promise<Buffer> {
  if (body.byteLength <= SYNC_MAX_BYTES) {
    return encoding === 'br'
      ? brotliCompressSync(body, brotliOptions(body))
      : gzipSync(body, { level: GZIP_LEVEL });
  }
  return encoding === 'br' ? brotli(body, brotliOptions(body)) : gzipAsync(body, { level: GZIP_LEVEL });
}

/**
 * The bytes the app built a response from (`serializedJson`), by response. Reading `res.body`
 * back makes the Node adapter build a fetch Response and a stream around the body only for this
 * middleware to drain it; on the quote that cost about as much as compressing it.
 */
const knownBodies = new WeakMap<Response, Uint8Array>();

/** Marks `res` as made of exactly `body`, so that compressing it starts from it. */
export function withKnownBody<R extends Response>(res: R, body: Uint8Array): R {
  knownBodies.set(res, body);
  return res;
}

const isCompressible = (type: string | null) =>
  !!type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !type.startsWith('text/event-stream');
const noTransform = (cacheControl: string | null) =>
  !!cacheControl && /(^|,)\s*no-transform\s*(,|$)/i.test(cacheControl);

function addVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Reads a body whole if it is at most `max` bytes; otherwise gives back a stream of what was read
 * followed by the rest, so that a long stream is never held in memory.
 */
async function readUpTo(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<{ bytes: Uint8Array; rest?: undefined } | { rest: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { rest };
    }
  }
  return { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
}

/**
 * Compresses compressible responses over the threshold for clients that ask, and marks every
 * response whose form depends on Accept-Encoding with `Vary: Accept-Encoding` (precompressed
 * static files included, whether or not this client got a compressed copy), so that caches keep
 * the forms apart.
 */
export function compression() {
  return createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    // `res.body` last: on the Node adapter's light Response, reading it builds a full Response
    // and a stream around the body (docs/performance.md). Status and headers
    // are free, so a client that accepts no compression never pays for it.
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (!isCompressible(res.headers.get('Content-Type'))) return;
    if (res.headers.has('Content-Encoding')) {
      addVary(res.headers);
      return;
    }
    if (noTransform(res.headers.get('Cache-Control')) || res.headers.has('Transfer-Encoding')) return;
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < COMPRESS_THRESHOLD_BYTES) return;
    if (declared !== null && Number(declared) > MAX_DYNAMIC_BYTES) return;
    addVary(res.headers);
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || c.req.method === 'HEAD') return;
    const known = knownBodies.get(res);
    if (known === undefined && !res.body) return;

    const read =
      known === undefined ? await readUpTo(res.body!, MAX_DYNAMIC_BYTES) : { bytes: known, rest: undefined };
    // The app's headers are changed in place (their response is replaced, never sent): copying
    // them into a new Headers was a measurable part of compressing a quote.
    const headers = res.headers;
    if (read.rest) {
      // Larger than it said, or a stream of unknown length: sent as it is, nothing lost.
      c.res = undefined;
      c.res = new Response(read.rest, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const body = read.bytes;
    let out: Uint8Array = body;
    if (body.byteLength >= COMPRESS_THRESHOLD_BYTES) {
      out = await compressBody(body, encoding);
      headers.set('Content-Encoding', encoding);
      headers.delete('Accept-Ranges');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.set('Content-Length', String(out.byteLength));
    // Cleared first: Hono's setter would otherwise copy the old headers (the old length) back over.
    c.res = undefined;
    // No statusText: the app never sets one, and reading it would build the full Response.
    c.res = new Response(out, { status: res.status, headers });
  });
}
