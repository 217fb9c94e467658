/** The customer's jobs ("post a job" when no courier option fits) and their payment. */
import type { components } from '@consign/api/client';
import type { AuthFetch } from '../../app/api';
import type { PaymentSession } from '../orders/api';

type Schemas = components['schemas'];

export type Job = Schemas['Job'];
export type JobList = Schemas['JobList'];
export type JobStatus = Schemas['JobStatus'];
export type CreateJobRequest = Schemas['CreateJobRequest'];

export const JOBS_PAGE_SIZE = 10;

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export const jobsApi = {
  create: (authFetch: AuthFetch, body: CreateJobRequest, key: string) =>
    authFetch<Job>('/jobs', { method: 'POST', body, headers: idempotent(key) }),
  list: (authFetch: AuthFetch, params: { cursor?: string | null; limit?: number }, signal?: AbortSignal) => {
    const query = new URLSearchParams({ limit: String(params.limit ?? JOBS_PAGE_SIZE) });
    if (params.cursor) query.set('cursor', params.cursor);
    return authFetch<JobList>(`/jobs?${query}`, { signal });
  },
  get: (authFetch: AuthFetch, id: string, signal?: AbortSignal) =>
    authFetch<Job>(`/jobs/${encodeURIComponent(id)}`, { signal }),
  withdraw: (authFetch: AuthFetch, id: string, key: string) =>
    authFetch<Job>(`/jobs/${encodeURIComponent(id)}/withdraw`, { method: 'POST', headers: idempotent(key) }),
  startPayment: (authFetch: AuthFetch, id: string, key: string) =>
    authFetch<PaymentSession>(`/jobs/${encodeURIComponent(id)}/payment`, {
      method: 'POST',
      headers: idempotent(key),
    }),
  capture: (authFetch: AuthFetch, id: string, key: string) =>
    authFetch<Job>(`/jobs/${encodeURIComponent(id)}/payment/capture`, {
      method: 'POST',
      headers: idempotent(key),
    }),
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => ['jobs', 'list'] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
};
