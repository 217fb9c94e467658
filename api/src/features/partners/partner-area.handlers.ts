import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { UploadsService } from '../uploads';
import { currentPartner } from './partner-access';
import type * as routes from './partner-area.routes';
import { PartnerArea } from './partner-area.service';
import { SecretKeys } from './secret-keys';

type H<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const getSelf: H<'getSelf'> = async (c) =>
  c.json(await new PartnerArea(c.get('deps')).self(currentPartner(c).id), 200);

export const setAllowedOrigins: H<'setAllowedOrigins'> = async (c) =>
  c.json(
    await new PartnerArea(c.get('deps')).setAllowedOrigins(
      currentPartner(c).id,
      c.req.valid('json').allowedOrigins,
    ),
    200,
  );

export const overview: H<'overview'> = async (c) =>
  c.json(await new PartnerArea(c.get('deps')).overview(currentPartner(c), c.req.valid('query').days), 200);

export const listSecretKeys: H<'listSecretKeys'> = async (c) =>
  c.json({ data: await new SecretKeys(c.get('deps')).list(currentPartner(c).id) }, 200);

export const createSecretKey: H<'createSecretKey'> = async (c) =>
  c.json(await new SecretKeys(c.get('deps')).create(currentPartner(c)), 201);

export const rotateSecretKey: H<'rotateSecretKey'> = async (c) =>
  c.json(
    await new SecretKeys(c.get('deps')).rotate(
      currentPartner(c),
      c.req.valid('param').id,
      c.req.valid('json').graceHours,
    ),
    201,
  );

export const revokeSecretKey: H<'revokeSecretKey'> = async (c) =>
  c.json(await new SecretKeys(c.get('deps')).revoke(currentPartner(c).id, c.req.valid('param').id), 200);

export const listOrders: H<'listOrders'> = async (c) =>
  c.json(await new PartnerArea(c.get('deps')).orders(currentPartner(c).id, c.req.valid('query')), 200);

export const getOrder: H<'getOrder'> = async (c) =>
  c.json(
    await new PartnerArea(c.get('deps')).order(currentPartner(c).id, c.req.valid('param').reference),
    200,
  );

/** The partner's, not the person's: any of its keys or people may then use it in its claims. */
export const uploadImage: H<'uploadImage'> = async (c) =>
  c.json(
    await new UploadsService(c.get('deps')).upload(
      { partnerId: currentPartner(c).id },
      c.req.valid('form').image,
    ),
    201,
  );
