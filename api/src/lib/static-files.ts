import { createReadStream, type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import parseRange from 'range-parser';

type Options = { root: string; path?: string; index?: string; rewriteRequestPath?: (path: string) => string };

/**
 * serveStatic with the build's brotli and gzip copies (scripts/precompress.mjs) sent to clients
 * that accept them, and `headers` on every file it serves. (serveStatic's own onFound runs after
 * the response is made: headers it sets are lost, so they are set on the response here.) Files
 * and folders whose name starts with a dot are not served.
 *
 * A GET with a `Range` header is answered here rather than by serveStatic, which answered an
 * unsatisfiable range (`bytes=99999999-`, `bytes=100-50`) with a 500 and a suffix range
 * (`bytes=-500`) with the wrong bytes: one satisfiable range is a 206 of the file as stored (not a
 * compressed copy), an unsatisfiable one is 416 with a Content-Range of `bytes *` and the size (RFC 9110
 * 15.5.17), and a malformed or multiple range is ignored (the whole file, 200).
 */
export function staticFiles<E extends Env>(
  options: Options,
  headers: Record<string, string> = {},
): MiddlewareHandler<E> {
  const serve = serveStatic<E>({ ...options, precompressed: true });
  return async (c, next) => {
    // Dotfiles are build records (dist/.build-hash), never assets.
    if (/(^|\/)\./.test(c.req.path)) return next();
    const range = c.req.method === 'GET' ? c.req.header('Range') : undefined;
    const file = range === undefined ? null : findFile(options, c.req.path);
    const res = file ? rangeAnswer(c, file, range!) : await serve(c, next);
    if (res instanceof Response)
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

type Found = { path: string; stats: Stats };

/** The file serveStatic would serve for this path (the same refusals), or null. */
function findFile(options: Options, requestPath: string): Found | null {
  let name: string;
  try {
    name = decodeURI(requestPath);
  } catch {
    return null;
  }
  if (requestPath.includes('%') || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(name)) return null;
  let path = join(options.root, options.rewriteRequestPath ? options.rewriteRequestPath(name) : name);
  let stats = statOf(path);
  if (stats?.isDirectory()) {
    path = join(path, options.index ?? 'index.html');
    stats = statOf(path);
  }
  return stats?.isFile() ? { path, stats } : null;
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function rangeAnswer(c: Context, { path, stats }: Found, header: string): Response {
  const size = stats.size;
  const type = getMimeType(path) ?? 'application/octet-stream';
  const ranges = parseRange(size, header, { combine: true });
  const base = { 'Content-Type': type, 'Accept-Ranges': 'bytes' };
  if (ranges === -1) {
    return c.body(null, 416, { ...base, 'Content-Range': `bytes */${size}` });
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
    return c.body(body(path), 200, { ...base, 'Content-Length': String(size) });
  }
  const { start, end } = ranges[0]!;
  return c.body(body(path, start, end), 206, {
    ...base,
    'Content-Length': String(end - start + 1),
    'Content-Range': `bytes ${start}-${end}/${size}`,
  });
}

const body = (path: string, start?: number, end?: number) =>
  Readable.toWeb(createReadStream(path, start === undefined ? {} : { start, end })) as ReadableStream;
