import { originAllowed } from '@consign/shared/origins';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import { AppError, problemBody, problemResponse } from '../../lib/errors';
import { secretKeyQuotes } from './partner-access';
import { PartnersService } from './partners.service';

export const KEY_HEADER = 'X-Publishable-Key';

/** The low-risk calls a publishable key unlocks (docs/architecture.md §3.1): quotes and reference data. */
// Hono's `/x/*` also matches `/x` itself.
const KEY_PATHS = ['/api/v1/quotes/*', '/api/v1/meta/*'];

const WHY = {
  unknown: 'This publishable key is not a Consign key. Copy the pk_… key from your partner settings.',
  expired: 'This publishable key was rotated and its grace period is over. Use the current key.',
  disabled: 'This partner is disabled; its publishable key no longer works. Contact Consign.',
} as const;

/**
 * CORS for widget calls: the real answer names the caller's origin only when the key allows it,
 * and never allows credentials. Preflights carry no key, so they are answered for any origin;
 * they reveal nothing, and the call that follows is where the key and origin are checked.
 * Refusals (401/403/429) are readable cross-origin so the widget can tell the partner why.
 */
const publishableKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('Origin');
  const cors = (headers: Record<string, string> = {}) =>
    origin
      ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', ...headers }
      : { Vary: 'Origin', ...headers };

  if (c.req.method === 'OPTIONS' && origin && c.req.header('Access-Control-Request-Method')) {
    return c.body(
      null,
      204,
      cors({
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': `Content-Type, ${KEY_HEADER}`,
        'Access-Control-Max-Age': '600',
      }),
    );
  }
  const key = c.req.header(KEY_HEADER);
  if (key === undefined) return next();

  const refuse = (
    status: 401 | 403 | 429,
    code: string,
    detail: string,
    headers: Record<string, string> = {},
  ) =>
    problemResponse(
      c,
      status,
      { ...problemBody(status, detail, { code }), instance: c.req.path },
      cors(headers),
    );

  const service = new PartnersService(c.get('deps'));
  const found = await service.byKey(key.trim());
  if ('problem' in found) return refuse(401, `key_${found.problem}`, WHY[found.problem]);
  const { partner } = found;
  if (origin !== undefined && !originAllowed(origin, partner.allowedOrigins)) {
    return refuse(
      403,
      'origin_not_allowed',
      `This publishable key does not work on ${origin}: it is not among the partner's allowed origins. ` +
        'Add the origin in the Consign console (Partners), or use the key issued for this site.',
    );
  }
  // Per shopper (key and client address), under a much higher ceiling for the whole key, so
  // one busy visitor cannot use up a shop's quotes and a busy shop is not limited as one visitor.
  const { config, rateLimiter } = c.get('deps');
  const client = clientAddress(c, config.trustProxy, config.trustProxyHops);
  let limit = 'client';
  try {
    await rateLimiter.hit(
      { name: 'publishable-key-client', max: partner.rateLimitPerMinute, windowSeconds: 60 },
      `${partner.id}:${client}`,
    );
    limit = 'key';
    await rateLimiter.hit(
      { name: 'publishable-key', max: partner.keyRateLimitPerMinute, windowSeconds: 60 },
      partner.id,
    );
  } catch (err) {
    if (err instanceof AppError && err.status === 429) {
      const why =
        limit === 'client'
          ? `this key allows ${partner.rateLimitPerMinute} calls a minute from one client address`
          : `this key allows ${partner.keyRateLimitPerMinute} calls a minute in all`;
      return refuse(429, 'rate_limited', `${err.message} (${why})`, err.headers);
    }
    throw err;
  }
  c.set('partner', partner);
  await next();
  if (origin) {
    c.res.headers.set('Access-Control-Allow-Origin', origin);
    c.res.headers.append('Vary', 'Origin');
  }
};

/** Replaces (or adds) the frame-ancestors directive, keeping whatever else the policy says. */
export function withFrameAncestors(policy: string | null, sources: string): string {
  const others = (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors(\s|$)/i.test(d));
  return [...others, `frame-ancestors ${sources}`].join('; ');
}

/**
 * Checkout pages inside the widget's modal may be framed by the partner's allowed origins only:
 * `/embed/*` (the partner from `?key=`, or from the order on the page after payment) and the
 * TEST MODE approval page of an order booked through a partner. Everything else keeps the
 * same-origin framing default.
 */
const framing =
  (
    find: (c: Context<AppEnv>) => { key?: string; orderId?: string; providerOrderId?: string },
    denyOtherwise: boolean,
  ): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    const origins = await new PartnersService(c.get('deps')).framingOrigins(find(c));
    if (!origins && !denyOtherwise) return;
    c.res.headers.delete('X-Frame-Options');
    c.res.headers.set(
      'Content-Security-Policy',
      withFrameAncestors(
        c.res.headers.get('Content-Security-Policy'),
        origins ? `'self' ${origins.join(' ')}` : "'none'",
      ),
    );
  };

/**
 * Registered before the app's security headers, so on the way out these run after them and
 * their framing rules win for the pages named here.
 */
export function mountPartnerMiddleware(app: Hono<AppEnv>) {
  for (const path of KEY_PATHS) app.use(path, publishableKey);
  app.use('/api/v1/quotes', secretKeyQuotes);
  app.use(
    '/embed/*',
    framing((c) => ({ key: c.req.query('key'), orderId: c.req.query('order') }), true),
  );
  app.use(
    '/api/v1/test-payments/:id/approve',
    framing((c) => ({ providerOrderId: c.req.param('id') }), false),
  );
}
