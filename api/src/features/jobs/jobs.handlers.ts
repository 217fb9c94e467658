import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { browserOrigin } from '../../lib/origin';
import type * as routes from './jobs.routes';
import { JobsService, VendorJobsService, type Viewer } from './jobs.service';

const jobsOf = (c: Context<AppEnv>) => new JobsService(c.get('deps'));
const vendorJobsOf = (c: Context<AppEnv>) => new VendorJobsService(c.get('deps'));
const viewer = (c: Context<AppEnv>): Viewer => ({ id: c.get('user').sub });

export const createJob: RouteHandler<typeof routes.createJob, AppEnv> = async (c) =>
  c.json(await jobsOf(c).create(viewer(c), c.req.valid('json')), 201);

export const listJobs: RouteHandler<typeof routes.listJobs, AppEnv> = async (c) =>
  c.json(await jobsOf(c).list(viewer(c), c.req.valid('query')), 200);

export const getJob: RouteHandler<typeof routes.getJob, AppEnv> = async (c) =>
  c.json(await jobsOf(c).get(viewer(c), c.req.valid('param').id), 200);

export const withdrawJob: RouteHandler<typeof routes.withdrawJob, AppEnv> = async (c) =>
  c.json(await jobsOf(c).withdraw(viewer(c), c.req.valid('param').id), 200);

export const startJobPayment: RouteHandler<typeof routes.startJobPayment, AppEnv> = async (c) =>
  c.json(
    await jobsOf(c).startPayment(
      viewer(c),
      c.req.valid('param').id,
      browserOrigin(c.get('deps').config, c.req),
    ),
    200,
  );

export const captureJobPayment: RouteHandler<typeof routes.captureJobPayment, AppEnv> = async (c) => {
  const { state, job } = await jobsOf(c).capture(viewer(c), c.req.valid('param').id);
  return state === 'captured' ? c.json(job, 200) : c.json(job, 202);
};

export const listVendorJobs: RouteHandler<typeof routes.listVendorJobs, AppEnv> = async (c) =>
  c.json(await vendorJobsOf(c).listOpen(c.get('user').sub, c.req.valid('query')), 200);

export const acceptJob: RouteHandler<typeof routes.acceptJob, AppEnv> = async (c) => {
  const { created, order } = await vendorJobsOf(c).accept(
    c.get('user').sub,
    c.req.valid('param').id,
    c.req.valid('json').courierServiceId,
  );
  return created ? c.json(order, 201) : c.json(order, 200);
};
