import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type AppEnv, partnerOf } from '../../context';
import { verifyLive } from '../../lib/auth';
import type { AccessClaims } from '../../lib/jwt';

/**
 * For routes anyone may call: with no Authorization header the caller is anonymous; with a
 * bearer token it must be valid (401 otherwise, as on every other route, so a client with an
 * expired token refreshes instead of silently losing who asked) and its claims go on c.get('user').
 */
export const optionalAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization');
  // A partner's secret key (features/partners checked it and set the partner) is not a session.
  const secretKey = partnerOf(c) !== undefined && /^Bearer\s+sk_/i.test(header ?? '');
  if (header !== undefined && !secretKey) {
    const match = header.match(/^Bearer\s+(\S+)$/i);
    // A malformed header is verified as an empty token, which fails with the usual 401.
    c.set('user', await verifyLive(c.get('deps'), match?.[1] ?? ''));
  }
  await next();
});

/** The signed-in caller on an optionalAuth route, if any. */
export function optionalUser(c: Context<AppEnv>): AccessClaims | undefined {
  return c.get('user') as AccessClaims | undefined;
}
