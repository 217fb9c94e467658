/**
 * The origin to put in links the server builds for a browser: payment return and cancel
 * pages, the test payment page, and links in mail shown in the dev mailbox.
 *
 * In production it is always PUBLIC_URL (required there): a request's Host or Origin header is
 * not something to build links for other people from. Outside production the session cookie
 * belongs to whatever host name the person is browsing on (127.0.0.1 and localhost are
 * different sites), so the links may go back to the origin the request came from (the browser's
 * Origin header when it sent one, as a POST does even behind a dev proxy, otherwise the
 * request's own URL), but only when that origin is this machine (loopback, any port) or is
 * PUBLIC_URL itself. Anything else is someone else's host, as a staging server with real SMTP
 * would learn: the links then use PUBLIC_URL (which defaults to this machine's own address).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Config } from '../config';

export type RequestLike = { url: string; header(name: string): string | undefined };

function httpOrigin(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function browserOrigin(config: Pick<Config, 'env' | 'publicUrl'>, request?: RequestLike): string {
  if (config.env === 'production' || !request) return config.publicUrl;
  const origin = httpOrigin(request.header('Origin')) ?? httpOrigin(request.url);
  if (origin && (origin === httpOrigin(config.publicUrl) || isLoopbackOrigin(origin))) return origin;
  return config.publicUrl;
}

function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `url` moved onto `origin`, keeping its path and query; anything unparsable is returned as is. */
export function onOrigin(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return url;
  }
}

/**
 * The origin of the request being served (browserOrigin), kept for the links built while it is
 * served and carried by the outbox to the mail its events send later, so every emailed link
 * follows the one rule above, not only those built in the handler.
 */
const linkOrigins = new AsyncLocalStorage<string | undefined>();

/** Runs `fn` with `origin` as the base of the links it builds (undefined: PUBLIC_URL). */
export function withLinkOrigin<T>(origin: string | undefined, fn: () => T): T {
  return linkOrigins.run(origin, fn);
}

/** The origin links are built on now: the request's (or the event's) browserOrigin, else PUBLIC_URL. */
export function linkBase(config: Pick<Config, 'env' | 'publicUrl'>): string {
  if (config.env === 'production') return config.publicUrl;
  return linkOrigins.getStore() ?? config.publicUrl;
}

/** The origin to store with an event published now (null outside a request). */
export function currentLinkOrigin(): string | null {
  return linkOrigins.getStore() ?? null;
}
