/** Order and payment calls of the customer screens (booking, payment, dashboard). */
import type { components } from '@consign/api/client';
import { type ApiClient, ApiError, unwrap } from './client';

type Schemas = components['schemas'];

export type Order = Schemas['Order'];
export type OrderDetail = Schemas['OrderDetail'];
export type OrderEvent = Schemas['OrderEvent'];
export type OrderList = Schemas['OrderList'];
export type OrderTotals = Schemas['OrderTotals'];
export type OrderAddress = Schemas['OrderAddress'];
export type OrderCustoms = NonNullable<Schemas['OrderCustoms']>;
export type OrderItem = Schemas['OrderItem'];
export type OrderStatus = Schemas['OrderStatus'];
export type CreateOrderRequest = Schemas['CreateOrderRequest'];
export type PaymentSession = Schemas['PaymentSession'];

/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only in secure contexts (https, localhost),
 * so plain-http deployments fall back to 128 random bits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const idempotent = (key: string) => ({ 'Idempotency-Key': key });
const byId = (id: string) => ({ path: { id } });

export const ORDERS_PAGE_SIZE = 10;

export const ordersApi = {
  create: async (client: ApiClient, body: CreateOrderRequest, key: string) =>
    unwrap(await client.POST('/api/v1/orders', { body, headers: idempotent(key) })),
  list: async (client: ApiClient, params: { cursor?: string | null; limit?: number }, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/orders', {
        params: { query: { limit: params.limit ?? ORDERS_PAGE_SIZE, cursor: params.cursor ?? undefined } },
        signal,
      }),
    ),
  get: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/orders/{id}', { params: byId(id), signal })),
  cancel: async (client: ApiClient, id: string, key: string, reason?: string) =>
    unwrap(
      await client.POST('/api/v1/orders/{id}/cancel', {
        params: byId(id),
        body: reason ? { reason } : {},
        headers: idempotent(key),
      }),
    ),
  startPayment: async (client: ApiClient, id: string, key: string) =>
    unwrap(await client.POST('/api/v1/orders/{id}/payment', { params: byId(id), headers: idempotent(key) })),
  capture: async (client: ApiClient, id: string, key: string) =>
    unwrap(
      await client.POST('/api/v1/orders/{id}/payment/capture', {
        params: byId(id),
        headers: idempotent(key),
      }),
    ),
  /** A signed link that opens this order without a sign-in (the widget's checkout, after paying). */
  viewLink: async (client: ApiClient, id: string) =>
    unwrap(await client.POST('/api/v1/orders/{id}/view-link', { params: byId(id) })),
  /** A document of a paid order (label, customs declaration) as a file. */
  document: async (client: ApiClient, id: string, kind: OrderDocument) => {
    const { data, error, response } =
      kind === 'label'
        ? await client.GET('/api/v1/orders/{id}/label.pdf', { params: byId(id), parseAs: 'blob' })
        : await client.GET('/api/v1/orders/{id}/customs.pdf', { params: byId(id), parseAs: 'blob' });
    return fileOf(unwrap({ data, error, response }), response, `${kind}.pdf`);
  },
};

export type OrderDocument = 'label' | 'customs';

/** A money paper of a paid order: its VAT receipt, or one of its credit notes (by number). */
export type OrderPaper = { kind: 'receipt' } | { kind: 'credit-note'; number: string };

/** The file a download answered: the bytes and the name the API gave them. */
export function fileOf(blob: Blob, response: Response, fallback: string) {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob, filename: /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallback };
}

export const orderPapersApi = {
  download: async (client: ApiClient, id: string, paper: OrderPaper) => {
    const { data, error, response } =
      paper.kind === 'receipt'
        ? await client.GET('/api/v1/orders/{id}/receipt', { params: byId(id), parseAs: 'blob' })
        : await client.GET('/api/v1/orders/{id}/credit-notes/{number}', {
            params: { path: { id, number: paper.number } },
            parseAs: 'blob',
          });
    const blob = unwrap({ data, error, response }) as Blob;
    return fileOf(blob, response, paper.kind === 'receipt' ? 'receipt.pdf' : `${paper.number}.pdf`);
  },
};

export const orderKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/**
 * Runs an idempotent write, waiting out "still being processed" answers (409
 * idempotency_in_progress, Retry-After 1): a double-submitted or re-mounted request then gets
 * the first request's outcome instead of an error.
 */
export async function withInProgressRetry<T>(run: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const inProgress =
        error instanceof ApiError && error.status === 409 && error.code === 'idempotency_in_progress';
      if (!inProgress || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 250 * attempt)));
    }
  }
}
