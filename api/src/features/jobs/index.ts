/** The jobs feature's public surface: other features and the app import nothing else of it. */

export { moveJob } from './jobs.change';
export { expireJobs } from './jobs.expiry';
export { jobMailSubscriber } from './jobs.notify';
export { jobPaymentTarget } from './jobs.payment-target';
export { jobsRouter, startJobExpiry } from './jobs.router';
export { JobSchema } from './jobs.schemas';
export { toJobDto } from './jobs.service';
