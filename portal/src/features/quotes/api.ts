/**
 * The quote pages' calls: quotes and landing-page articles. Wire types come
 * from the API's generated OpenAPI schema, so a contract change is a type error here.
 */
import type { components } from '@consign/api/client';
import { type AuthFetch, request } from '../../app/api';

type Schemas = components['schemas'];

export type Country = Schemas['Country'];
export type Quote = Schemas['Quote'];
export type QuoteOption = Schemas['QuoteOption'];
export type QuoteRequest = Schemas['QuoteRequest'];
export type DomesticQuoteRequest = Schemas['DomesticQuoteRequest'];
export type InternationalQuoteRequest = Schemas['InternationalQuoteRequest'];
export type SameDayQuoteRequest = Schemas['SameDayQuoteRequest'];
export type Parcel = Schemas['Parcel'];
export type ServiceType = Schemas['ServiceType'];
export type UkNation = DomesticQuoteRequest['from'];
export type DestinationCode = InternationalQuoteRequest['to'];
export type Article = Schemas['Article'];

export const quotesApi = {
  /**
   * Anyone may ask for a quote. Through `authFetch` a signed-in customer's token goes along, so
   * the quote is recorded as theirs; with no session no token is sent.
   */
  create: (authFetch: AuthFetch, body: QuoteRequest, signal?: AbortSignal) =>
    authFetch<Quote>('/quotes', { method: 'POST', body, signal }),
  get: (id: string, signal?: AbortSignal) => request<Quote>(`/quotes/${encodeURIComponent(id)}`, { signal }),
  article: (slug: string, signal?: AbortSignal) =>
    request<Article>(`/articles/${encodeURIComponent(slug)}`, { signal }),
};
