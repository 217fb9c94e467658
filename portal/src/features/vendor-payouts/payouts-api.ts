import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from '../../shared/api/client';

export type VendorBalance = components['schemas']['VendorBalance'];
export type PayoutAccount = components['schemas']['PayoutAccount'];
export type LedgerEntry = components['schemas']['LedgerEntry'];

export const payoutKeys = {
  all: ['vendor-payouts'] as const,
  balance: ['vendor-payouts', 'balance'] as const,
  account: ['vendor-payouts', 'account'] as const,
  payouts: ['vendor-payouts', 'payouts'] as const,
  ledger: ['vendor-payouts', 'ledger'] as const,
  months: ['vendor-payouts', 'months'] as const,
};

/** Ledger entries a page: the Payouts page shows the latest, then more on "Load more". */
const LEDGER_LIMIT = 20;

export const payoutsApi = {
  balance: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/balance', { signal })),
  account: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/payout-account', { signal })),
  setEmail: async (client: ApiClient, paypalEmail: string) =>
    unwrap(await client.PUT('/api/v1/vendor/payout-account', { body: { paypalEmail } })),
  verify: async (client: ApiClient, code: string) =>
    unwrap(await client.POST('/api/v1/vendor/payout-account/verify', { body: { code } })),
  payouts: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/payouts', { signal })),
  /** One page of the ledger, newest first: the first without a cursor, then each `nextCursor`. */
  ledger: async (client: ApiClient, cursor: string | null, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/vendor/ledger', {
        params: { query: { limit: LEDGER_LIMIT, cursor: cursor ?? undefined } },
        signal,
      }),
    ),
  months: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/statements', { signal })),
  statement: async (client: ApiClient, month: string, format: 'pdf' | 'csv') => {
    const { data, error, response } = await client.GET('/api/v1/vendor/statements/{month}', {
      params: { path: { month }, query: { format } },
      parseAs: 'blob',
    });
    const blob = unwrap({ data, error, response }) as Blob;
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `statement-${month}.${format}`;
    return { blob, filename };
  },
};
