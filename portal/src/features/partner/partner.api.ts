/**
 * The partner area's calls (`/api/v1/partner/*`, the partner user's own session) and the
 * invite acceptance. Types are read off the generated paths, so a contract change shows up
 * here as a type error.
 */
import type { paths } from '@consign/api/client';
import { type ApiClient, publicClient, unwrap } from '../../shared/api/client';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type Partner = Json<'/api/v1/partner', 'get'>;
export type Overview = Json<'/api/v1/partner/overview', 'get'>;
export type OverviewDay = Overview['days'][number];
export type SecretKey = Json<'/api/v1/partner/secret-keys', 'get'>['data'][number];
export type CreatedSecretKey = Json<'/api/v1/partner/secret-keys', 'post', 201>;
export type PartnerOrderPage = Json<'/api/v1/partner/orders', 'get'>;
export type PartnerOrder = PartnerOrderPage['data'][number];
export type EventType = Json<'/api/v1/partner/event-types', 'get'>['data'][number];
export type WebhookEndpoint = Json<'/api/v1/partner/webhook-endpoints', 'get'>['data'][number];
export type CreatedWebhookEndpoint = Json<'/api/v1/partner/webhook-endpoints', 'post', 201>;
export type WebhookDelivery = Json<'/api/v1/partner/webhook-deliveries', 'get'>['data'][number];
export type ReturnPolicy = Json<'/api/v1/partner/return-policy', 'get'>;
export type OwedReturns = Json<'/api/v1/partner/returns/owed', 'get'>;
export type ReturnsPaymentCaptured = Json<'/api/v1/partner/returns/payment/capture', 'post'>;
export type PartnerClaimPage = Json<'/api/v1/partner/claims', 'get'>;

export interface OrderFilters {
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const ORDERS_PAGE_SIZE = 20;
export const DELIVERIES_PAGE_SIZE = 20;
export const RETURNS_PAGE_SIZE = 20;
export const CLAIMS_PAGE_SIZE = 20;

/** Secret keys made with rotate keep working this long, unless the partner picks otherwise. */
export const DEFAULT_GRACE_HOURS = 24;

export const partnerApi = {
  partner: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner', { signal })),
  saveOrigins: async (client: ApiClient, allowedOrigins: string[]) =>
    unwrap(await client.PUT('/api/v1/partner/allowed-origins', { body: { allowedOrigins } })),
  overview: async (client: ApiClient, days: number, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/overview', { params: { query: { days } }, signal })),

  secretKeys: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/secret-keys', { signal })).data,
  createSecretKey: async (client: ApiClient) =>
    unwrap(await client.POST('/api/v1/partner/secret-keys', { body: {} })),
  rotateSecretKey: async (client: ApiClient, id: string, graceHours: number) =>
    unwrap(
      await client.POST('/api/v1/partner/secret-keys/{id}/rotate', {
        params: { path: { id } },
        body: { graceHours },
      }),
    ),
  revokeSecretKey: async (client: ApiClient, id: string) =>
    unwrap(await client.POST('/api/v1/partner/secret-keys/{id}/revoke', { params: { path: { id } } })),

  orders: async (client: ApiClient, filters: OrderFilters, cursor: string | null, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/partner/orders', {
        params: {
          query: {
            limit: ORDERS_PAGE_SIZE,
            ...(cursor ? { cursor } : {}),
            ...(filters.status ? { status: filters.status as never } : {}),
            ...(filters.from ? { from: filters.from } : {}),
            ...(filters.to ? { to: filters.to } : {}),
          },
        },
        signal,
      }),
    ),

  /** One page of the claims on the partner's orders, newest first. */
  claims: async (client: ApiClient, cursor: string | null, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/partner/claims', {
        params: { query: { limit: CLAIMS_PAGE_SIZE, cursor: cursor ?? undefined } },
        signal,
      }),
    ),
  claim: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/claims/{id}', { params: { path: { id } }, signal })),
  /** One of the partner's orders by its reference (`#1a2b3c4d`). */
  order: async (client: ApiClient, reference: string, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/partner/orders/{reference}', {
        params: { path: { reference: reference.replace(/^#/, '') } },
        signal,
      }),
    ),

  returnPolicy: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/return-policy', { signal })),
  saveReturnPolicy: async (client: ApiClient, body: Omit<ReturnPolicy, 'isDefault' | 'suspendedUntilPaid'>) =>
    unwrap(await client.PUT('/api/v1/partner/return-policy', { body })),
  /** One page of the returns, newest first: the first without a cursor, then each `nextCursor`. */
  returns: async (client: ApiClient, cursor: string | null, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/partner/returns', {
        params: { query: { limit: RETURNS_PAGE_SIZE, cursor: cursor ?? undefined } },
        signal,
      }),
    ),
  owedReturns: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/returns/owed', { signal })),
  startReturnsPayment: async (client: ApiClient) =>
    unwrap(await client.POST('/api/v1/partner/returns/payment')),
  /** 202: the provider holds the payment for review (`held`). */
  captureReturnsPayment: async (client: ApiClient) => {
    const { data, error, response } = await client.POST('/api/v1/partner/returns/payment/capture');
    const body = unwrap({ data, error, response }) as ReturnsPaymentCaptured;
    return { ...body, held: response.status === 202 };
  },
  returnsReceipt: async (client: ApiClient, chargeId: string) => {
    const { data, error, response } = await client.GET('/api/v1/partner/returns/charges/{id}/receipt', {
      params: { path: { id: chargeId } },
      parseAs: 'blob',
    });
    const blob = unwrap({ data, error, response }) as Blob;
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'consign-receipt.pdf';
    return { blob, filename };
  },

  eventTypes: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/event-types', { signal })).data,
  endpoints: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/partner/webhook-endpoints', { signal })).data,
  createEndpoint: async (
    client: ApiClient,
    body: { url: string; events: string[]; description?: string | null },
  ) => unwrap(await client.POST('/api/v1/partner/webhook-endpoints', { body })),
  updateEndpoint: async (
    client: ApiClient,
    id: string,
    body: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ) =>
    unwrap(await client.PATCH('/api/v1/partner/webhook-endpoints/{id}', { params: { path: { id } }, body })),
  deleteEndpoint: async (client: ApiClient, id: string) => {
    unwrap(await client.DELETE('/api/v1/partner/webhook-endpoints/{id}', { params: { path: { id } } }));
  },
  testEndpoint: async (client: ApiClient, id: string) =>
    unwrap(await client.POST('/api/v1/partner/webhook-endpoints/{id}/test', { params: { path: { id } } })),
  deliveries: async (client: ApiClient, endpoint: string, cursor: string | null, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/partner/webhook-deliveries', {
        params: { query: { endpoint, limit: DELIVERIES_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
        signal,
      }),
    ),
  replayDelivery: async (client: ApiClient, id: string) =>
    unwrap(await client.POST('/api/v1/partner/webhook-deliveries/{id}/replay', { params: { path: { id } } })),
};

/** The invite link's page: sets the first password and answers with a session, as sign-in does. */
export const setPassword = async (token: string, password: string) =>
  unwrap(
    await publicClient.POST('/api/v1/auth/set-password', {
      body: { token, password },
      credentials: 'include',
    }),
  );

export const partnerKeys = {
  all: ['partner'] as const,
  partner: () => ['partner', 'me'] as const,
  overview: (days: number) => ['partner', 'overview', days] as const,
  secretKeys: () => ['partner', 'secret-keys'] as const,
  orders: (filters: OrderFilters) => ['partner', 'orders', filters] as const,
  eventTypes: () => ['partner', 'event-types'] as const,
  returnPolicy: () => ['partner', 'return-policy'] as const,
  returns: () => ['partner', 'returns'] as const,
  claims: () => ['partner', 'claims'] as const,
  claim: (id: string) => ['partner', 'claims', id] as const,
  order: (reference: string) => ['partner', 'order', reference] as const,
  owedReturns: () => ['partner', 'returns', 'owed'] as const,
  endpoints: () => ['partner', 'webhook-endpoints'] as const,
  deliveries: (endpoint: string) => ['partner', 'webhook-deliveries', endpoint] as const,
};
