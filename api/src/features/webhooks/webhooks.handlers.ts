import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { currentPartner } from '../partners';
import { PARTNER_EVENT_TYPES } from './webhook-events';
import type * as routes from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

type H<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;
const service = (c: Parameters<H<'listEndpoints'>>[0]) => new WebhooksService(c.get('deps'));

export const eventTypes: H<'eventTypes'> = (c) => c.json({ data: [...PARTNER_EVENT_TYPES] }, 200);

export const listEndpoints: H<'listEndpoints'> = async (c) =>
  c.json(await service(c).list(currentPartner(c).id), 200);

export const createEndpoint: H<'createEndpoint'> = async (c) =>
  c.json(await service(c).create(currentPartner(c).id, c.req.valid('json')), 201);

export const getEndpoint: H<'getEndpoint'> = async (c) =>
  c.json(await service(c).get(currentPartner(c).id, c.req.valid('param').id), 200);

export const updateEndpoint: H<'updateEndpoint'> = async (c) =>
  c.json(await service(c).update(currentPartner(c).id, c.req.valid('param').id, c.req.valid('json')), 200);

export const deleteEndpoint: H<'deleteEndpoint'> = async (c) => {
  await service(c).remove(currentPartner(c).id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const testEndpoint: H<'testEndpoint'> = async (c) =>
  c.json(await service(c).test(currentPartner(c).id, c.req.valid('param').id), 202);

export const listDeliveries: H<'listDeliveries'> = async (c) =>
  c.json(await service(c).deliveries(currentPartner(c).id, c.req.valid('query')), 200);

export const replayDelivery: H<'replayDelivery'> = async (c) =>
  c.json(await service(c).replay(currentPartner(c).id, c.req.valid('param').id), 202);
