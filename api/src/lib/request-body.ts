import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Set when the client hung up mid-body, so the request log says so (context.ts's AppEnv). */
type BodyEnv = { Variables: { clientGone: boolean } };

type Options<E extends BodyEnv> = {
  /** Largest body accepted, in bytes. */
  maxSize: number;
  /** The answer to a body over the limit. */
  onError: (c: Context<E>) => Response | Promise<Response>;
};

/** What @hono/node-server hands the app as `c.env`. */
type NodeBindings = { incoming?: IncomingMessage & { rawBody?: Buffer } };

/**
 * The body limit, and the body read once, for every API route but the uploads.
 *
 * Served by Node (@hono/node-server), the body is read straight from Node's request into the
 * request's body cache, where `c.req.json()`, the validators and `requestHygiene` find it. Hono's
 * own `bodyLimit` asks for `c.req.raw.body`, which makes the Node adapter build a whole fetch
 * `Request` for every API call, GETs included (an AbortController, a copy of every header, a web
 * stream over the Node stream); in the quote benchmark that machinery cost more CPU than pricing
 * the quote. The bytes are also left as `incoming.rawBody`, the adapter's hook for a body read
 * before it, so anything that later asks for `c.req.raw` still gets the whole body.
 *
 * Anywhere else (`app.request` in tests, another runtime) Hono's `bodyLimit` does the same job.
 */
export function requestBody<E extends BodyEnv>(options: Options<E>): MiddlewareHandler<E> {
  const fallback = bodyLimit(options);
  return async (c, next) => {
    const incoming = (c.env as NodeBindings | undefined)?.incoming;
    if (!incoming || incoming.readableEnded || incoming.rawBody !== undefined) return fallback(c, next);
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > options.maxSize) return options.onError(c);
    const body = await readWithin(incoming, options.maxSize);
    if (body === 'too_large') return options.onError(c);
    if (body === 'aborted') {
      // The client hung up mid-body; app.ts's request log and error handler read this flag.
      c.set('clientGone', true);
      throw new ClientGoneError();
    }
    incoming.rawBody = body;
    cacheBody(
      c,
      'arrayBuffer',
      body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    );
    return next();
  };
}

/**
 * Puts a body already read into Hono's body cache. The cache holds promises (HonoRequest reads
 * it with `.then`), though its type names the values.
 */
export function cacheBody(c: Context, key: 'arrayBuffer' | 'text', value: ArrayBuffer | string): void {
  (c.req.bodyCache as Record<string, Promise<unknown>>)[key] = Promise.resolve(value);
}

/** The client closed the connection before its request body arrived. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the request before its body arrived');
  }
}

/**
 * The whole body, or why not: over `maxSize` (reading stops there; the caller answers 413 and
 * closes the connection), or cut off by the client.
 */
function readWithin(incoming: IncomingMessage, maxSize: number): Promise<Buffer | 'too_large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | 'too_large' | 'aborted') => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onAbort);
      incoming.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        incoming.pause();
        finish('too_large');
      } else chunks.push(chunk);
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onAbort = () => finish('aborted');
    // 'close' before 'end' is a connection lost mid-body (after 'end' this listener is gone).
    const onClose = () => finish('aborted');
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onAbort);
    incoming.on('close', onClose);
  });
}
