import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
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
