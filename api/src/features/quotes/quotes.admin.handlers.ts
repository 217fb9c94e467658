import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { setContentRange, toRaList } from '../../lib/ra-list';
import type * as routes from './quotes.admin.routes';
import { QuoteLogService } from './quotes.admin.service';

export const listQuotes: RouteHandler<typeof routes.listQuotes, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new QuoteLogService(c.get('deps')).list(list);
  setContentRange(c, 'quotes', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getQuoteLogEntry: RouteHandler<typeof routes.getQuoteLogEntry, AppEnv> = async (c) =>
  c.json(await new QuoteLogService(c.get('deps')).get(c.req.valid('param').id), 200);
