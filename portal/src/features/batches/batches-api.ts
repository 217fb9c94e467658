import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from '../../shared/api/client';

export type Batch = components['schemas']['Batch'];
export type BatchRow = components['schemas']['BatchRow'];
export type BatchSummary = components['schemas']['BatchSummary'];
export type BatchRule = Batch['rule'];

export const batchKeys = {
  list: ['batches'] as const,
  one: (id: string) => ['batches', id] as const,
};

export type UploadSettings = {
  name?: string;
  rule: BatchRule;
  preferredCourier?: string;
  fallback: 'cheapest' | 'fastest';
};

export const batchesApi = {
  list: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/batches', { signal })),
  get: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/batches/{id}', { params: { path: { id } }, signal })),
  /** The CSV file itself is the body (text/csv); the settings go in the query string. */
  upload: async (client: ApiClient, file: File, settings: UploadSettings) => {
    const text = await file.text();
    return unwrap(
      await client.POST('/api/v1/batches', {
        params: { query: settings },
        // openapi-fetch types the body by the first content type; the file text is sent as it is.
        body: text as never,
        bodySerializer: (body) => body as unknown as string,
        headers: { 'Content-Type': 'text/csv' },
      }),
    );
  },
  fix: async (client: ApiClient, id: string, rowId: string, cells: Record<string, string>) =>
    unwrap(
      await client.PATCH('/api/v1/batches/{id}/rows/{rowId}', {
        params: { path: { id, rowId } },
        body: { cells },
      }),
    ),
  drop: async (client: ApiClient, id: string, rowId: string) =>
    unwrap(await client.DELETE('/api/v1/batches/{id}/rows/{rowId}', { params: { path: { id, rowId } } })),
  template: async (client: ApiClient) => {
    const { data, error, response } = await client.GET('/api/v1/batches/template.csv', { parseAs: 'blob' });
    return unwrap({ data, error, response }) as unknown as Blob;
  },
};
