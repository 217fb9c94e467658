import { isIP } from 'node:net';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { type Database, perDatabase } from '../db/client';
import { refreshTokens, type UserRole, users } from '../db/schema';
import { AppError } from './errors';
import type { AccessClaims, AccessTokens } from './jwt';

/** What checking a token needs of the app's dependencies (context.ts's AppDeps has it). */
type TokenCheck = { tokens: AccessTokens; db: Database };

/** The request variables these middlewares read and set (context.ts's AppEnv declares them). */
type AuthEnv = { Variables: { deps: TokenCheck; user: AccessClaims } };

/** Requires a valid access token; puts its claims on c.get('user'). */
export const requireAuth = createMiddleware<AuthEnv>(async (c, next) => {
  const header = c.req.header('Authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw AppError.unauthorized();
  c.set('user', await verifyLive(c.get('deps'), match[1]!));
  await next();
});

/**
 * Checks the signature and claims, then, in one read by primary key and the family index, that
 * the account is not disabled and its sign-in not ended: access tokens live for minutes, but
 * staff disabling an account, signing out, or a revoked refresh family end them at once.
 */
export async function verifyLive(deps: TokenCheck, token: string) {
  const claims = await deps.tokens.verify(token);
  const [live] = await liveAccountQuery(deps.db).all({ sub: claims.sub, sid: claims.sid });
  if (!live) throw AppError.unauthorized();
  return claims;
}

/**
 * The account check of every signed-in request, built once per database: building it anew
 * each time cost more than running it. Outside any transaction, as verifyLive runs.
 */
const liveAccountQuery = perDatabase((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('sub')),
        eq(users.disabled, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sql.placeholder('sid')),
                eq(refreshTokens.userId, users.id),
                isNull(refreshTokens.revokedAt),
              ),
            ),
        ),
      ),
    )
    .limit(1)
    .prepare(),
);

/** Requires one of the roles; use after requireAuth. */
export const requireRole = (...roles: UserRole[]) =>
  createMiddleware<AuthEnv>(async (c, next) => {
    if (!roles.includes(c.get('user').role)) throw AppError.forbidden();
    await next();
  });

/**
 * The caller's address for rate limits. Without TRUST_PROXY it is the socket's peer. With it,
 * X-Forwarded-For is read from the right: each trusted proxy appends the address it received
 * the request from, so the client is `hops` entries from the right end; anything to the left of
 * that was written by the client and is ignored. IPv6 clients usually own a whole /64, so they
 * are keyed by that prefix.
 */
export function clientAddress(
  c: { req: { header(name: string): string | undefined }; env?: unknown },
  trustProxy: boolean,
  hops = 1,
): string {
  const peer = socketAddress(c);
  if (trustProxy) {
    const chain = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Fewer entries than trusted hops: the nearest proxy itself is the best we know.
    const forwarded = chain.length >= hops ? chain[chain.length - hops] : chain[0];
    if (forwarded && isIP(stripPort(forwarded))) return rateLimitKey(stripPort(forwarded));
  }
  return rateLimitKey(peer);
}

/** The TCP peer, or undefined for in-process requests (tests call app.request()). */
export function socketAddress(c: { env?: unknown }): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/** Headers a proxy adds: any of them means the request did not come straight from this machine. */
const FORWARDING_HEADERS = ['X-Forwarded-For', 'Forwarded', 'X-Real-IP', 'X-Forwarded-Host', 'Via'];

/**
 * True when the request came straight from this machine: judged by the socket's own remote
 * address only, and never when a proxy (on this machine or not) forwarded it.
 */
export function isLoopbackRequest(c: { req: { header(name: string): string | undefined }; env?: unknown }) {
  if (FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  const peer = socketAddress(c);
  // In-process requests (app.request in tests) have no socket and never leave the process.
  if (peer === undefined) return true;
  return /^(127\.|::1$|::ffff:127\.)/.test(peer);
}

function stripPort(address: string): string {
  const bracketed = address.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) return bracketed[1]!;
  const v4 = address.match(/^(\d+\.\d+\.\d+\.\d+):\d+$/);
  return v4 ? v4[1]! : address;
}

/** IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 as its /64 prefix. */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - left.length - right.length;
  const groups = address.includes('::') ? [...left, ...Array(missing).fill('0'), ...right] : left;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
