import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, KeyPartner } from '../../context';
import { partners, users } from '../../db/schema';
import { verifyLive } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { isSecretKey, SecretKeys } from './secret-keys';

const bearerOf = (c: Context<AppEnv>) => c.req.header('Authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * Whether the request came from a browser: an `Origin` header (cross-origin calls, and every
 * same-origin call but GET and HEAD) or any `Sec-Fetch-*` header (every request a current browser
 * sends, same-origin GETs included). Servers send neither.
 */
function fromBrowser(c: Context<AppEnv>): boolean {
  if (c.req.header('Origin') !== undefined) return true;
  return Object.keys(c.req.header()).some((name) => name.toLowerCase().startsWith('sec-fetch-'));
}

/**
 * A secret key found in a browser is a leaked key: any request carrying one from a browser is
 * refused, and no secret-key answer carries CORS headers. `manageKeys`: the call creates, rotates
 * or revokes keys, which a key being rotated out (expiring) may not do, or it could mint itself
 * a successor, or revoke the one replacing it.
 */
async function bySecretKey(c: Context<AppEnv>, secret: string, manageKeys = false) {
  if (fromBrowser(c)) {
    throw new AppError(
      400,
      'Secret keys are for servers: this request came from a browser (it carries an Origin or Sec-Fetch header), where the key can be read by anyone. Revoke the key and call Consign from your server.',
      { code: 'secret_key_in_browser' },
    );
  }
  const { partner, status } = await new SecretKeys(c.get('deps')).authenticate(secret);
  if (manageKeys && status !== 'active') {
    throw AppError.forbidden(
      'This secret key is being rotated out: it works for calls until it expires, but cannot create, rotate or revoke keys. Use the active key, or sign in to the partner area.',
      'secret_key_expiring',
    );
  }
  await c
    .get('deps')
    .rateLimiter.hit(
      { name: 'secret-key', max: partner.secretKeyRateLimitPerMinute, windowSeconds: 60 },
      partner.id,
    );
  c.set('partner', partner);
}

/**
 * `/partner/*`: a secret key, or the session of a `partner` user (its partner from
 * users.partner_id). Any other role is 403; what belongs to another partner answers 404 in the
 * services, which always filter by the partner found here.
 */
const partnerAccess = (manageKeys: boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerOf(c);
    if (!token) throw AppError.unauthorized();
    if (isSecretKey(token)) {
      await bySecretKey(c, token, manageKeys);
      return next();
    }
    const claims = await verifyLive(c.get('deps'), token);
    c.set('user', claims);
    if (claims.role !== 'partner')
      throw AppError.forbidden('Only partner accounts and secret keys may use /partner');
    const [row] = await c
      .get('deps')
      .db.select({ partner: partners })
      .from(users)
      .innerJoin(partners, eq(partners.id, users.partnerId))
      .where(eq(users.id, claims.sub));
    if (!row) throw AppError.forbidden('This account belongs to no partner', 'no_partner');
    if (row.partner.status !== 'active') {
      throw AppError.forbidden('This partner is disabled. Contact Consign.', 'partner_disabled');
    }
    c.set('partner', row.partner);
    await next();
  });

export const requirePartner = partnerAccess(false);

/** The key management routes (create, rotate, revoke): a partner session or an active key. */
export const requireKeyManager = partnerAccess(true);

/**
 * `POST /quotes` with a secret key: made for the partner (attributed to it, under its own
 * limit). Other bearer tokens are left to the route.
 */
export const secretKeyQuotes: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerOf(c);
  if (c.req.method === 'POST' && token && isSecretKey(token)) await bySecretKey(c, token);
  await next();
};

/** The partner the request was made for (after requirePartner). */
export function currentPartner(c: Context<AppEnv>): KeyPartner {
  return c.get('partner');
}
