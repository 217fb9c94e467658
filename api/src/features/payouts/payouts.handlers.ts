import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { setContentRange, toRaList } from '../../lib/ra-list';
import { vendorOf } from '../vendors';
import { payoutAccountOf, setPayoutEmail, toPayoutAccountDto, verifyPayoutEmail } from './payouts.account';
import type * as routes from './payouts.routes';
import { runPayouts as run } from './payouts.run';
import { batchDetail, listBatches, vendorPayouts } from './payouts.service';

const vendorIdOf = async (c: Context<AppEnv>) => (await vendorOf(c.get('deps'), c.get('user').sub)).id;

export const getPayoutAccount: RouteHandler<typeof routes.getPayoutAccount, AppEnv> = async (c) =>
  c.json(toPayoutAccountDto(await payoutAccountOf(c.get('deps'), await vendorIdOf(c))), 200);

export const setPayoutAccount: RouteHandler<typeof routes.setPayoutAccount, AppEnv> = async (c) =>
  c.json(await setPayoutEmail(c.get('deps'), await vendorIdOf(c), c.req.valid('json').paypalEmail), 200);

export const verifyPayoutAccount: RouteHandler<typeof routes.verifyPayoutAccount, AppEnv> = async (c) =>
  c.json(await verifyPayoutEmail(c.get('deps'), await vendorIdOf(c), c.req.valid('json').code), 200);

export const listVendorPayouts: RouteHandler<typeof routes.listVendorPayouts, AppEnv> = async (c) =>
  c.json({ items: await vendorPayouts(c.get('deps'), await vendorIdOf(c)) }, 200);

export const runPayouts: RouteHandler<typeof routes.runPayouts, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const result = await run(deps, {
    trigger: 'staff',
    actorId: c.get('user').sub,
    vendorIds: c.req.valid('json').vendorIds,
  });
  return c.json(
    { batch: result.batch ? await batchDetail(deps, result.batch.id) : null, resumed: result.resumed },
    200,
  );
};

export const listPayouts: RouteHandler<typeof routes.listPayouts, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await listBatches(c.get('deps'), list);
  setContentRange(c, 'payouts', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getPayout: RouteHandler<typeof routes.getPayout, AppEnv> = async (c) =>
  c.json(await batchDetail(c.get('deps'), c.req.valid('param').id), 200);
