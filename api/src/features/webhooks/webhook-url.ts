/**
 * Where a webhook may be sent (SSRF). A partner names the URL, so without care Consign's server
 * would POST to whatever it points at: its own loopback, the private network, the cloud's
 * metadata service. In production a URL must be https and every address its host resolves to
 * must be a public unicast address; this is checked when the URL is saved AND when each event
 * is sent (DNS can change after saving), and the connection goes to the very address that was
 * checked, so a second DNS answer cannot swap it. Outside production http and loopback hosts
 * are allowed too, for development receivers on this machine.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type UrlPolicy = { production: boolean };

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

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
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');
  if (policy.production) {
    if (url.protocol !== 'https:') return 'Webhook URLs must use https';
    if (loopback) return 'Webhook URLs must reach a public server, not this machine';
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !isPublic(literal))
      return 'Webhook URLs must reach a public address, not a private one';
  } else if (url.protocol === 'http:' && !loopback) {
    return 'Use https, or http only for localhost and 127.0.0.1 while developing';
  }
  return null;
}

/** A public unicast address: not loopback, private, link-local (metadata), multicast or reserved. */
export function isPublic(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

const isLoopback = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

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
  if (problem) throw new UnsafeUrlError(problem);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : ((await lookup(host, { all: true, verbatim: true })) as { address: string; family: 4 | 6 }[]);
  if (addresses.length === 0) throw new UnsafeUrlError(`${host} does not resolve`);
  for (const a of addresses) {
    const allowed = isPublic(a.address) || (!policy.production && isLoopback(a.address));
    if (!allowed) throw new UnsafeUrlError(`${host} resolves to ${a.address}, which is not a public address`);
  }
  return addresses[0]!;
}
