/**
 * Jobs (docs/architecture.md §4): the customer's side (jobs.customer.ts) and the
 * vendor's (jobs.vendor.ts), over what they share (jobs.shared.ts). Payment goes through the
 * payment core (the job payment target is jobs.payment-target.ts).
 */
export { JobsService, type Viewer } from './jobs.customer';
export {
  closeJobAftermath,
  JOB_NOT_FOUND,
  JOB_TAKEN_MESSAGE,
  JOB_TTL_MS,
  JOB_UNAVAILABLE_MESSAGE,
  type JobDto,
  type JobRow,
  toJobDto,
} from './jobs.shared';
export { type AcceptResult, VendorJobsService } from './jobs.vendor';
