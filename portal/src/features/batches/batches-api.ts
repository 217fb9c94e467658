import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from '../../shared/api/client';
import { fileOf } from '../../shared/api/orders';

export type Batch = components['schemas']['Batch'];
export type BatchRow = components['schemas']['BatchRow'];
export type BatchSummary = components['schemas']['BatchSummary'];
export type BatchRule = Batch['rule'];
export type LabelFormat = 'pdf-4x6' | 'pdf-a4' | 'zpl';

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
  startPayment: async (client: ApiClient, id: string) =>
    unwrap(await client.POST('/api/v1/batches/{id}/payment', { params: { path: { id } } })),
  /** `held`: the provider holds the payment for review (202); the rows wait for it. */
  capture: async (client: ApiClient, id: string) => {
    const { data, error, response } = await client.POST('/api/v1/batches/{id}/payment/capture', {
      params: { path: { id } },
    });
    return { batch: unwrap({ data, error, response }), held: response.status === 202 };
  },
  retry: async (client: ApiClient, id: string, rowId: string) =>
    unwrap(await client.POST('/api/v1/batches/{id}/rows/{rowId}/retry', { params: { path: { id, rowId } } })),
  /** Every row as CSV: reference, status, order, tracking code and URL, price, error. */
  results: async (client: ApiClient, id: string) => {
    const { data, error, response } = await client.GET('/api/v1/batches/{id}/results.csv', {
      params: { path: { id } },
      parseAs: 'blob',
    });
    return fileOf(unwrap({ data, error, response }) as unknown as Blob, response, 'results.csv');
  },
  labels: async (client: ApiClient, id: string, format: LabelFormat) => {
    const { data, error, response } = await client.GET('/api/v1/batches/{id}/labels', {
      params: { path: { id }, query: { format } },
      parseAs: 'blob',
    });
    const extension = format === 'zpl' ? 'zpl' : 'pdf';
    return fileOf(unwrap({ data, error, response }) as unknown as Blob, response, `labels.${extension}`);
  },
  /** A payment's VAT receipt (PDF), a line per row; `number` picks one of `batch.receipts`. */
  receipt: async (client: ApiClient, id: string, number: string) => {
    const { data, error, response } = await client.GET('/api/v1/batches/{id}/receipt.pdf', {
      params: { path: { id }, query: { number } },
      parseAs: 'blob',
    });
    return fileOf(unwrap({ data, error, response }) as unknown as Blob, response, `receipt-${number}.pdf`);
  },
  template: async (client: ApiClient) => {
    const { data, error, response } = await client.GET('/api/v1/batches/template.csv', { parseAs: 'blob' });
    return unwrap({ data, error, response }) as unknown as Blob;
  },
};
