/** Order and payment calls of the customer screens (booking, payment, dashboard). */
import type { components } from '@consign/api/client';
import { ApiError, type AuthFetch } from '../../app/api';

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

export const ORDERS_PAGE_SIZE = 10;

export const ordersApi = {
  create: (authFetch: AuthFetch, body: CreateOrderRequest, key: string) =>
    authFetch<Order>('/orders', { method: 'POST', body, headers: idempotent(key) }),
  list: (authFetch: AuthFetch, params: { cursor?: string | null; limit?: number }, signal?: AbortSignal) => {
    const query = new URLSearchParams({ limit: String(params.limit ?? ORDERS_PAGE_SIZE) });
    if (params.cursor) query.set('cursor', params.cursor);
    return authFetch<OrderList>(`/orders?${query}`, { signal });
  },
  get: (authFetch: AuthFetch, id: string, signal?: AbortSignal) =>
    authFetch<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
  cancel: (authFetch: AuthFetch, id: string, key: string, reason?: string) =>
    authFetch<OrderDetail>(`/orders/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      body: reason ? { reason } : {},
      headers: idempotent(key),
    }),
  startPayment: (authFetch: AuthFetch, id: string, key: string) =>
    authFetch<PaymentSession>(`/orders/${encodeURIComponent(id)}/payment`, {
      method: 'POST',
      headers: idempotent(key),
    }),
  capture: (authFetch: AuthFetch, id: string, key: string) =>
    authFetch<OrderDetail>(`/orders/${encodeURIComponent(id)}/payment/capture`, {
      method: 'POST',
      headers: idempotent(key),
    }),
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
