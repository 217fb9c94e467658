/** The customer's jobs ("post a job" when no courier option fits) and their payment. */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];

export type Job = Schemas['Job'];
export type JobList = Schemas['JobList'];
export type JobStatus = Schemas['JobStatus'];
export type CreateJobRequest = Schemas['CreateJobRequest'];

export const JOBS_PAGE_SIZE = 10;

const idempotent = (key: string) => ({ 'Idempotency-Key': key });
const byId = (id: string) => ({ path: { id } });

export const jobsApi = {
  create: async (client: ApiClient, body: CreateJobRequest, key: string) =>
    unwrap(await client.POST('/api/v1/jobs', { body, headers: idempotent(key) })),
  list: async (client: ApiClient, params: { cursor?: string | null; limit?: number }, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/jobs', {
        params: { query: { limit: params.limit ?? JOBS_PAGE_SIZE, cursor: params.cursor ?? undefined } },
        signal,
      }),
    ),
  get: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/jobs/{id}', { params: byId(id), signal })),
  withdraw: async (client: ApiClient, id: string, key: string) =>
    unwrap(await client.POST('/api/v1/jobs/{id}/withdraw', { params: byId(id), headers: idempotent(key) })),
  startPayment: async (client: ApiClient, id: string, key: string) =>
    unwrap(await client.POST('/api/v1/jobs/{id}/payment', { params: byId(id), headers: idempotent(key) })),
  capture: async (client: ApiClient, id: string, key: string) =>
    unwrap(
      await client.POST('/api/v1/jobs/{id}/payment/capture', { params: byId(id), headers: idempotent(key) }),
    ),
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => ['jobs', 'list'] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
};
