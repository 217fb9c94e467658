import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { partnerOf } from '../../context';
import { serializedJson } from '../../lib/openapi';
import { optionalUser } from './optional-auth';
import { currentQuoteLimits } from './quote-limits';
import type * as routes from './quotes.routes';
import { QuotesService } from './quotes.service';

export const createQuote: RouteHandler<typeof routes.createQuote, AppEnv> = async (c) => {
  const quote = await new QuotesService(c.get('deps')).create(c.req.valid('json'), {
    userId: optionalUser(c)?.sub,
    partnerId: partnerOf(c)?.id,
  });
  return serializedJson(c, quote.jsonBytes(), 201);
};

export const getQuote: RouteHandler<typeof routes.getQuote, AppEnv> = async (c) =>
  serializedJson(c, (await new QuotesService(c.get('deps')).get(c.req.valid('param').id)).jsonBytes(), 200);

export const getDeliveryDate: RouteHandler<typeof routes.getDeliveryDate, AppEnv> = async (c) => {
  const { id, optionId } = c.req.valid('param');
  const { collectionDate } = c.req.valid('query');
  return c.json(await new QuotesService(c.get('deps')).deliveryDate(id, optionId, collectionDate), 200);
};

export const getQuoteLimits: RouteHandler<typeof routes.getQuoteLimits, AppEnv> = async (c) => {
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(await currentQuoteLimits(c.get('deps').catalog), 200);
};
