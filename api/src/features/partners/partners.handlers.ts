import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { setContentRange, toRaList } from '../../lib/ra-list';
import { PartnerInvites } from './partner-invites';
import type * as routes from './partners.routes';
import { PartnersService } from './partners.service';

export const listPartners: RouteHandler<typeof routes.listPartners, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new PartnersService(c.get('deps')).list(list);
  setContentRange(c, 'partners', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getPartner: RouteHandler<typeof routes.getPartner, AppEnv> = async (c) =>
  c.json(await new PartnersService(c.get('deps')).get(c.req.valid('param').id), 200);

export const createPartner: RouteHandler<typeof routes.createPartner, AppEnv> = async (c) =>
  c.json(await new PartnersService(c.get('deps')).create(c.get('user'), c.req.valid('json')), 201);

export const updatePartner: RouteHandler<typeof routes.updatePartner, AppEnv> = async (c) =>
  c.json(
    await new PartnersService(c.get('deps')).update(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    200,
  );

export const rotatePartnerKey: RouteHandler<typeof routes.rotatePartnerKey, AppEnv> = async (c) =>
  c.json(
    await new PartnersService(c.get('deps')).rotateKey(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );

export const listPartnerUsers: RouteHandler<typeof routes.listPartnerUsers, AppEnv> = async (c) =>
  c.json(await new PartnerInvites(c.get('deps')).users(c.req.valid('param').id), 200);

export const invitePartnerUser: RouteHandler<typeof routes.invitePartnerUser, AppEnv> = async (c) =>
  c.json(
    await new PartnerInvites(c.get('deps')).invite(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    201,
  );
