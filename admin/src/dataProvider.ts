import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from './http';
import type { CommissionChange, DashboardStats, FinanceSummary, PayoutRun, VendorFinance } from './types';

export const ADMIN_API = '/api/v1/admin';

/**
 * The admin actions that are not CRUD: a state change on one record, always with the reason
 * staff give for it (the API writes it to the audit log). E.g. vendors/{id}/activate.
 */
export type AdminAction =
  | { resource: 'vendors'; action: 'activate' | 'suspend' }
  | { resource: 'users'; action: 'disable' | 'enable' }
  | { resource: 'user-sessions'; action: 'revoke' }
  | { resource: 'orders'; action: 'status' | 'refund' }
  | { resource: 'courier-services'; action: 'deactivate' }
  | { resource: 'dropoff-points'; action: 'suspend' | 'reinstate' }
  | { resource: 'jobs'; action: 'refund' }
  | { resource: 'contact-messages'; action: 'handle' }
  | { resource: 'reviews'; action: 'hide' | 'show' }
  | { resource: 'partners'; action: 'rotate-key' }
  | { resource: 'claims'; action: 'decision' | 'payout/retry' }
  | { resource: 'adjustments'; action: 'decision' };

export interface ActOptions {
  /** More body fields, e.g. the new status of an order. */
  body?: Record<string, unknown>;
  /**
   * Sent as Idempotency-Key (orders move money): one key per dialog, so a retried or doubled
   * click is answered with the first outcome instead of being applied twice.
   */
  idempotencyKey?: string;
}

/** react-admin's standard methods plus the reasoned admin actions and the dashboard's figures. */
export interface ConsignDataProvider extends DataProvider {
  dashboard(): Promise<DashboardStats>;
  /** The article HTML as it would be stored and shown (sanitised by the API), without saving. */
  previewArticle(html: string): Promise<string>;
  /** The Finance page's figures: commission over time, balances, refunds, the books check. */
  finance(): Promise<FinanceSummary>;
  /** A courier's commission, balances, payout account and payouts. */
  vendorFinance(id: Identifier): Promise<VendorFinance>;
  /** Sets a courier's commission (or back to the default), with a reason; idempotent by key. */
  setCommission(id: Identifier, change: CommissionChange, idempotencyKey: string): Promise<VendorFinance>;
  /** Runs payouts now for everyone due (or the couriers named); idempotent by key. */
  runPayouts(idempotencyKey: string, vendorIds?: string[]): Promise<PayoutRun>;
  act<T extends RaRecord = RaRecord>(
    target: AdminAction,
    id: Identifier,
    reason: string,
    options?: ActOptions,
  ): Promise<{ data: T }>;
}

/**
 * The admin API follows ra-data-simple-rest's conventions (sort/range/filter query parameters,
 * Content-Range), so the stock provider serves every resource; only state transitions are custom.
 */
export function createDataProvider(httpClient: HttpClient, apiUrl = ADMIN_API): ConsignDataProvider {
  return {
    ...simpleRestProvider(apiUrl, httpClient),
    async previewArticle(html: string) {
      const { json } = await httpClient(`${apiUrl}/article-preview`, {
        method: 'POST',
        body: JSON.stringify({ html }),
      });
      return (json as { html: string }).html;
    },
    async dashboard() {
      const { json } = await httpClient(`${apiUrl}/stats/dashboard`);
      return json as DashboardStats;
    },
    async finance() {
      const { json } = await httpClient(`${apiUrl}/finance`);
      return json as FinanceSummary;
    },
    async vendorFinance(id: Identifier) {
      const { json } = await httpClient(`${apiUrl}/vendors/${encodeURIComponent(String(id))}/finance`);
      return json as VendorFinance;
    },
    async setCommission(id: Identifier, change: CommissionChange, idempotencyKey: string) {
      const { json } = await httpClient(`${apiUrl}/vendors/${encodeURIComponent(String(id))}/commission`, {
        method: 'PUT',
        body: JSON.stringify(change),
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return json as VendorFinance;
    },
    async runPayouts(idempotencyKey: string, vendorIds?: string[]) {
      const { json } = await httpClient(`${apiUrl}/payouts`, {
        method: 'POST',
        body: JSON.stringify(vendorIds ? { vendorIds } : {}),
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return json as PayoutRun;
    },
    async act<T extends RaRecord = RaRecord>(
      { resource, action }: AdminAction,
      id: Identifier,
      reason: string,
      options: ActOptions = {},
    ) {
      const { json } = await httpClient(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}/${action}`, {
        method: 'POST',
        body: JSON.stringify({ ...options.body, reason }),
        headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
      });
      return { data: json as T };
    },
  };
}
