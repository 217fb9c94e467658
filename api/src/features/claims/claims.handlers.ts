import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { currentPartner } from '../partners';
import type * as routes from './claims.routes';
import * as service from './claims.service';

export const fileClaim: RouteHandler<typeof routes.fileClaim, AppEnv> = async (c) =>
  c.json(
    await service.fileClaim(c.get('deps'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
    201,
  );

export const listClaims: RouteHandler<typeof routes.listClaims, AppEnv> = async (c) =>
  c.json(
    { items: await service.listClaims(c.get('deps'), c.get('user'), c.req.valid('query').orderId) },
    200,
  );

export const listVendorClaims: RouteHandler<typeof routes.listVendorClaims, AppEnv> = async (c) =>
  c.json(
    { items: await service.listClaims(c.get('deps'), c.get('user'), c.req.valid('query').orderId) },
    200,
  );

export const getClaim: RouteHandler<typeof routes.getClaim, AppEnv> = async (c) =>
  c.json(await service.claimFor(c.get('deps'), c.get('user'), c.req.valid('param').id), 200);

export const answerClaim: RouteHandler<typeof routes.answerClaim, AppEnv> = async (c) =>
  c.json(
    await service.answerClaim(c.get('deps'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
    200,
  );

export const decideClaim: RouteHandler<typeof routes.decideClaim, AppEnv> = async (c) =>
  c.json(
    await service.decideClaim(c.get('deps'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
    200,
  );

export const filePartnerClaim: RouteHandler<typeof routes.filePartnerClaim, AppEnv> = async (c) => {
  const partner = currentPartner(c);
  const caller = { partnerId: partner.id, partnerName: partner.name, user: c.get('user') };
  return c.json(
    await service.filePartnerClaim(c.get('deps'), caller, c.req.valid('param').id, c.req.valid('json')),
    201,
  );
};

export const listPartnerClaims: RouteHandler<typeof routes.listPartnerClaims, AppEnv> = async (c) =>
  c.json(await service.partnerClaims(c.get('deps'), currentPartner(c).id, c.req.valid('query')), 200);

export const getPartnerClaim: RouteHandler<typeof routes.getPartnerClaim, AppEnv> = async (c) =>
  c.json(await service.partnerClaim(c.get('deps'), currentPartner(c).id, c.req.valid('param').id), 200);

export const getLossClaimOffer: RouteHandler<typeof routes.getLossClaimOffer, AppEnv> = async (c) =>
  c.json(await service.lossClaimOffer(c.get('deps'), c.get('user'), c.req.valid('param').id), 200);

export const setPayoutReceiver: RouteHandler<typeof routes.setPayoutReceiver, AppEnv> = async (c) =>
  c.json(
    await service.setPayoutReceiver(
      c.get('deps'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').email,
    ),
    200,
  );

export const retryPayout: RouteHandler<typeof routes.retryPayout, AppEnv> = async (c) =>
  c.json(
    await service.retryPayout(
      c.get('deps'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
