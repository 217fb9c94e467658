/**
 * Allowed origins of a partner: an exact origin (`https://shop.example`, `http://localhost:8080`)
 * or every port of one host (`http://127.0.0.1:*`), which is also valid CSP source syntax, so the
 * same list feeds both the CORS check and `frame-ancestors`. No host wildcards: a pattern like
 * `https://*.shop.example` would trust every subdomain, including ones the partner does not run.
 */
const PATTERN = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/;

export type OriginPattern = { scheme: 'http' | 'https'; host: string; port: string | '*' };

const DEFAULT_PORT = { http: '80', https: '443' } as const;

/** Parses one pattern, or returns why it is not one. */
export function parseOriginPattern(raw: string): OriginPattern | { error: string } {
  const value = raw.trim().toLowerCase().replace(/\/$/, '');
  const match = PATTERN.exec(value);
  if (!match) {
    return {
      error: `"${raw}" is not an origin: use scheme://host with an optional :port or :*, such as https://shop.example or http://127.0.0.1:*`,
    };
  }
  const scheme = match[1] as 'http' | 'https';
  const port = match[3] ?? DEFAULT_PORT[scheme];
  if (port !== '*' && (Number(port) < 1 || Number(port) > 65535)) {
    return { error: `"${raw}" has a port outside 1-65535` };
  }
  return { scheme, host: match[2]!, port };
}

/** The pattern as stored and shown: lower case, default ports dropped. */
export function formatOriginPattern(p: OriginPattern): string {
  const port = p.port === DEFAULT_PORT[p.scheme] ? '' : `:${p.port}`;
  return `${p.scheme}://${p.host}${port}`;
}

/** Whether the `Origin` a browser sent is covered by one of the patterns; exact, never a suffix match. */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https') return false;
  const port = url.port || DEFAULT_PORT[scheme];
  return patterns.some((raw) => {
    const p = parseOriginPattern(raw);
    return (
      'scheme' in p && p.scheme === scheme && p.host === url.hostname && (p.port === '*' || p.port === port)
    );
  });
}
