import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-audit.routes';
import { AdminAuditService } from './admin-audit.service';

export const listAudit: RouteHandler<typeof routes.listAudit, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminAuditService(c.get('deps')).list(list);
  setContentRange(c, 'audit-log', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getAudit: RouteHandler<typeof routes.getAudit, AppEnv> = async (c) =>
  c.json(await new AdminAuditService(c.get('deps')).get(c.req.valid('param').id), 200);
