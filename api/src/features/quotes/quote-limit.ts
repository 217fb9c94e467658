import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context';
import { partnerOf } from '../../context';
import { clientAddress } from '../../lib/auth';

/**
 * Every quote is priced and stored, so quotes without a partner key (which has its own limit,
 * partners.middleware) are limited per client address: QUOTE_LIMIT_PER_MINUTE, 0 for none.
 */
export const anonymousQuoteLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { config, rateLimiter } = c.get('deps');
  if (config.quoteLimitPerMinute > 0 && !partnerOf(c)) {
    await rateLimiter.hit(
      { name: 'quote-ip', max: config.quoteLimitPerMinute, windowSeconds: 60 },
      clientAddress(c, config.trustProxy, config.trustProxyHops),
    );
  }
  await next();
});
