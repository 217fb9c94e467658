import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { browserOrigin } from '../../lib/origin';
import { currentPartner } from '../partners';
import * as charges from './returns.charges';
import { renderChargeReceipt } from './returns.notify';
import { policyFor, setPolicy } from './returns.policy';
import type * as routes from './returns.routes';
import * as service from './returns.service';

type H<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const startReturn: H<'startReturn'> = async (c) => {
  const deps = c.get('deps');
  const address = clientAddress(c, deps.config.trustProxy, deps.config.trustProxyHops);
  return c.json(await service.startReturn(deps, c.req.valid('json'), address), 201);
};

export const bookReturn: H<'bookReturn'> = async (c) =>
  c.json(await service.bookReturn(c.get('deps'), c.get('user'), c.req.valid('json')), 201);

export const listPartnerReturns: H<'listPartnerReturns'> = async (c) =>
  c.json(await service.partnerReturns(c.get('deps'), currentPartner(c).id, c.req.valid('query')), 200);

export const getReturnPolicy: H<'getReturnPolicy'> = async (c) =>
  c.json(await policyFor(c.get('deps').db, currentPartner(c).id, c.get('deps').now()), 200);

export const setReturnPolicy: H<'setReturnPolicy'> = async (c) => {
  const user = c.get('user') as { sub: string; email: string } | undefined;
  const partner = currentPartner(c);
  // A secret key has no person: the audit row names the key's partner.
  const actor = user
    ? { id: user.sub, email: user.email }
    : { id: null, email: `secret key of partner ${partner.id}` };
  return c.json(await setPolicy(c.get('deps'), partner.id, c.req.valid('json'), actor), 200);
};

export const getOwedReturns: H<'getOwedReturns'> = async (c) =>
  c.json(await charges.owedSummary(c.get('deps'), currentPartner(c).id), 200);

export const startReturnsPayment: H<'startReturnsPayment'> = async (c) => {
  const deps = c.get('deps');
  return c.json(
    await charges.startReturnsPayment(deps, currentPartner(c).id, browserOrigin(deps.config, c.req)),
    200,
  );
};

export const captureReturnsPayment: H<'captureReturnsPayment'> = async (c) => {
  const deps = c.get('deps');
  const partnerId = currentPartner(c).id;
  const { state, charge } = await charges.captureReturnsPayment(deps, partnerId);
  const body = { charge, owed: await charges.owedSummary(deps, partnerId) };
  return state === 'captured' ? c.json(body, 200) : c.json(body, 202);
};

export const getReturnsReceipt: H<'getReturnsReceipt'> = async (c) => {
  const deps = c.get('deps');
  const charge = await charges.partnerCharge(deps, currentPartner(c).id, c.req.valid('param').id);
  if (charge.status !== 'paid') {
    throw AppError.conflict('The receipt is issued once the payment is taken', 'not_paid');
  }
  const made = await renderChargeReceipt(deps, charge.id);
  if (!made) throw AppError.conflict('The receipt is issued once the payment is taken', 'not_paid');
  return c.body(new Uint8Array(made.pdf.content), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${made.pdf.filename}"`,
    'Cache-Control': 'private, no-store',
  });
};
