/**
 * Where a webhook may be sent (SSRF). A partner names the URL, so without care Consign's server
 * would POST to whatever it points at: its own loopback, the private network, the cloud's
 * metadata service. In production a URL must be https and every address its host resolves to
 * must be a public unicast address; this is checked when the URL is saved AND when each event
 * is sent (DNS can change after saving), and the connection goes to the very address that was
 * checked, so a second DNS answer cannot swap it. Outside production exactly what
 * docs/partners.md says is added: `localhost` and `127.0.0.1`, over http too, for development
 * receivers on this machine. What counts as public is ipaddr.js's classification (`range()` is
 * `unicast`): private, loopback, link-local, carrier-grade NAT, 0/8, benchmarking and other
 * reserved ranges, and IPv6 forms that carry an IPv4 address (mapped, compatible, 6to4, NAT64,
 * Teredo) are not. Refusals name neither what a name resolved to nor the resolver's error: the
 * delivery log is no probe of Consign's network.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type UrlPolicy = { production: boolean };

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/** Development receivers, outside production only (docs/partners.md). */
const DEV_HOSTS = new Set(['localhost', '127.0.0.1']);

/** The delivery log's and the API's one word for any host that is not allowed after resolving. */
export const NOT_PUBLIC = 'refused: not a public address';
const THIS_MACHINE = 'Webhook URLs must reach a public server, not this machine';
const PRIVATE = 'Webhook URLs must reach a public address, not a private one';

/** Checks the URL's form: answers why it cannot be used, or null. */
export function urlProblem(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a URL: use https://your-server.example/path';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an https:// URL';
  if (url.username || url.password)
    return 'Put no user name or password in the URL; verify the signature instead';
  if (!policy.production && DEV_HOSTS.has(url.hostname)) return null;
  const loopback = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:') {
    return policy.production
      ? 'Webhook URLs must use https'
      : 'Use https, or http only for localhost and 127.0.0.1 while developing';
  }
  if (loopback) return THIS_MACHINE;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isPublic(literal)) {
    return isLoopback(literal) ? THIS_MACHINE : PRIVATE;
  }
  return null;
}

/** A public unicast address, as ipaddr.js classifies it: every other range is refused. */
export function isPublic(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'unicast';
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';

/**
 * Resolves the URL's host and answers the one address to connect to, refusing the URL when any
 * address it resolves to is not allowed (a host with one public and one private address is as
 * dangerous as a private one).
 */
export async function resolveTarget(
  url: URL,
  policy: UrlPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  const problem = urlProblem(url.href, policy);
  if (problem)
    throw new UnsafeUrlError(problem === THIS_MACHINE || problem === PRIVATE ? NOT_PUBLIC : problem);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: 4 | 6 }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) as 4 | 6 }]
      : ((await lookup(host, { all: true, verbatim: true })) as { address: string; family: 4 | 6 }[]);
  } catch {
    throw new UnsafeUrlError(NOT_PUBLIC);
  }
  const devHost = !policy.production && DEV_HOSTS.has(url.hostname);
  if (addresses.length === 0) throw new UnsafeUrlError(NOT_PUBLIC);
  for (const a of addresses) {
    const allowed = isPublic(a.address) || (devHost && isLoopback(a.address));
    if (!allowed) throw new UnsafeUrlError(NOT_PUBLIC);
  }
  return addresses[0]!;
}
