import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { browserOrigin } from '../../lib/origin';
import type * as routes from './adjustments.routes';
import * as service from './adjustments.service';

type H<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const previewAdjustment: H<'previewAdjustment'> = async (c) =>
  c.json(
    await service.previewAdjustment(
      c.get('deps'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    200,
  );

export const fileAdjustment: H<'fileAdjustment'> = async (c) =>
  c.json(
    await service.fileAdjustment(c.get('deps'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
    201,
  );

export const listOrderAdjustments: H<'listOrderAdjustments'> = async (c) =>
  c.json(
    { items: await service.listAdjustments(c.get('deps'), c.get('user'), c.req.valid('param').id) },
    200,
  );

export const acceptAdjustment: H<'acceptAdjustment'> = async (c) => {
  const { id, adjustmentId } = c.req.valid('param');
  const deps = c.get('deps');
  return c.json(
    await service.acceptAdjustment(deps, c.get('user'), id, adjustmentId, browserOrigin(deps.config, c.req)),
    200,
  );
};

export const startAdjustmentPayment: H<'startAdjustmentPayment'> = async (c) => {
  const { id, adjustmentId } = c.req.valid('param');
  const deps = c.get('deps');
  return c.json(
    await service.startAdjustmentPayment(
      deps,
      c.get('user'),
      id,
      adjustmentId,
      browserOrigin(deps.config, c.req),
    ),
    200,
  );
};

export const captureAdjustmentPayment: H<'captureAdjustmentPayment'> = async (c) => {
  const { id, adjustmentId } = c.req.valid('param');
  const { state, adjustment } = await service.captureAdjustmentPayment(
    c.get('deps'),
    c.get('user'),
    id,
    adjustmentId,
  );
  return state === 'captured' ? c.json(adjustment, 200) : c.json(adjustment, 202);
};

export const disputeAdjustment: H<'disputeAdjustment'> = async (c) => {
  const { id, adjustmentId } = c.req.valid('param');
  return c.json(
    await service.disputeAdjustment(c.get('deps'), c.get('user'), id, adjustmentId, c.req.valid('json')),
    200,
  );
};

export const decideAdjustment: H<'decideAdjustment'> = async (c) =>
  c.json(
    await service.decideAdjustment(
      c.get('deps'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    200,
  );
