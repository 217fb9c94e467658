import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { idempotent } from '../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import { IdempotencyHeadersSchema, OrderDetailSchema, PaymentSessionSchema } from '../orders';
import {
  AcceptJobBodySchema,
  CreateJobBodySchema,
  JobIdParamsSchema,
  JobListQuerySchema,
  JobListSchema,
  JobSchema,
  VendorJobListQuerySchema,
  VendorJobListSchema,
} from './jobs.schemas';

const tags = ['Jobs'];

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

export const createJob = createRoute({
  operationId: 'createJob',
  method: 'post',
  path: '/jobs',
  tags,
  summary: 'Post a job: a parcel, its route and the price the customer offers; it awaits payment',
  description:
    'The route and parcels follow the quote request’s rules; addresses, date and customs follow the booking’s. ' +
    'Pay the asking price with POST /jobs/{id}/payment and /payment/capture: the job then opens to couriers ' +
    'whose services could carry it, for 7 days.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('customer'), idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(CreateJobBodySchema) },
  responses: {
    201: jsonContent(JobSchema, 'The job, awaiting payment'),
    ...pickProblems(400, 401, 403, 409, 422),
  },
});

export const listJobs = createRoute({
  operationId: 'listJobs',
  method: 'get',
  path: '/jobs',
  tags,
  summary: 'The caller’s jobs, newest first',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: JobListQuerySchema },
  responses: {
    200: jsonContent(JobListSchema, 'One page; `total` counts every job the filter matches'),
    ...pickProblems(401, 422),
  },
});

export const getJob = createRoute({
  operationId: 'getJob',
  method: 'get',
  path: '/jobs/{id}',
  tags,
  summary: 'One of the caller’s jobs',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: JobIdParamsSchema },
  responses: { 200: jsonContent(JobSchema, 'The job'), ...pickProblems(401, 404) },
});

export const withdrawJob = createRoute({
  operationId: 'withdrawJob',
  method: 'post',
  path: '/jobs/{id}/withdraw',
  tags,
  summary: 'Withdraw a job that awaits payment or is open; a paid one is refunded',
  description: 'An accepted job is an order: cancel the order instead (409 job_accepted).',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, params: JobIdParamsSchema },
  responses: { 200: jsonContent(JobSchema, 'The withdrawn job'), ...pickProblems(401, 404, 409) },
});

export const startJobPayment = createRoute({
  operationId: 'startJobPayment',
  method: 'post',
  path: '/jobs/{id}/payment',
  tags,
  summary: 'Start paying the asking price: the provider order to approve (created once per job)',
  description:
    'The same flow as an order’s payment: approve at `approveUrl` (or with PayPal buttons), then capture.',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, params: JobIdParamsSchema },
  responses: {
    200: jsonContent(PaymentSessionSchema, 'The provider order'),
    ...pickProblems(401, 404, 409),
    502: problem('The payment provider refused the request'),
    503: problem('The payment provider is unavailable; retry later'),
  },
});

export const captureJobPayment = createRoute({
  operationId: 'captureJobPayment',
  method: 'post',
  path: '/jobs/{id}/payment/capture',
  tags,
  summary: 'Take the approved payment; the job opens to couriers',
  description:
    'Safe to repeat: captured and recorded once. 402 payment_declined: the funding was refused; ' +
    '409 payment_not_approved: not approved yet.',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, params: JobIdParamsSchema },
  responses: {
    200: jsonContent(JobSchema, 'Paid: the job, now open'),
    202: jsonContent(JobSchema, 'The provider holds the payment for review; the job stays awaiting payment'),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(401, 404, 409),
    502: problem('The payment provider refused the request'),
    503: problem('The payment provider is unavailable; retry later'),
  },
});

export const listVendorJobs = createRoute({
  operationId: 'listVendorJobs',
  method: 'get',
  path: '/vendor/jobs',
  tags,
  summary: 'Open jobs that at least one of the caller’s active courier services could carry',
  description:
    'Newest first. Empty while the vendor is not active. Each job lists the caller’s services that could carry it. ' +
    'Names, streets and contact details come with the order once the job is accepted.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { query: VendorJobListQuerySchema },
  responses: { 200: jsonContent(VendorJobListSchema, 'One page'), ...pickProblems(401, 403, 422) },
});

export const acceptJob = createRoute({
  operationId: 'acceptJob',
  method: 'post',
  path: '/vendor/jobs/{id}/accept',
  tags,
  summary: 'Accept an open job with one of the caller’s courier services: it becomes a pending order',
  description:
    'The order’s price is the job’s asking price, already paid. When another vendor got there first: ' +
    "409 job_taken 'This job has already been taken'. The service must be the caller's and able to carry " +
    "the job (422 naming courierServiceId; 'Please select a courier service' when it is missing).",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor'), idempotent] as const,
  request: {
    headers: IdempotencyHeadersSchema,
    params: JobIdParamsSchema,
    body: jsonBody(AcceptJobBodySchema),
  },
  responses: {
    201: jsonContent(OrderDetailSchema, 'The new order, pending'),
    200: jsonContent(OrderDetailSchema, 'The caller had accepted this job already: its order'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
