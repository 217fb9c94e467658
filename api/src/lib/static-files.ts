import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, MiddlewareHandler } from 'hono';

type Options = { root: string; path?: string; index?: string; rewriteRequestPath?: (path: string) => string };

/**
 * serveStatic with the build's brotli and gzip copies (scripts/precompress.mjs) sent to clients
 * that accept them, and `headers` on every file it serves. (serveStatic's own onFound runs after
 * the response is made: headers it sets are lost, so they are set on the response here.) Files
 * and folders whose name starts with a dot are not served.
 */
export function staticFiles<E extends Env>(
  options: Options,
  headers: Record<string, string> = {},
): MiddlewareHandler<E> {
  const serve = serveStatic<E>({ ...options, precompressed: true });
  return async (c, next) => {
    // Dotfiles are build records (dist/.build-hash), never assets.
    if (/(^|\/)\./.test(c.req.path)) return next();
    const res = await serve(c, next);
    if (res instanceof Response)
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}
