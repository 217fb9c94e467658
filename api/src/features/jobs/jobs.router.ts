import { createRouter } from '../../context';
import * as handlers from './jobs.handlers';
import * as routes from './jobs.routes';

export { expireJobs, startJobExpiry } from './jobs.expiry';
export { jobMailSubscriber } from './jobs.notify';
export { jobPaymentTarget } from './jobs.payment-target';

export const jobsRouter = createRouter()
  .openapi(routes.createJob, handlers.createJob)
  .openapi(routes.listJobs, handlers.listJobs)
  .openapi(routes.getJob, handlers.getJob)
  .openapi(routes.withdrawJob, handlers.withdrawJob)
  .openapi(routes.startJobPayment, handlers.startJobPayment)
  .openapi(routes.captureJobPayment, handlers.captureJobPayment)
  .openapi(routes.listVendorJobs, handlers.listVendorJobs)
  .openapi(routes.acceptJob, handlers.acceptJob);
