/**
 * The quote pages' calls: quotes and landing-page articles. Wire types come
 * from the API's generated OpenAPI schema, so a contract change is a type error here.
 */
import type { components } from '@consign/api/client';
import { type ApiClient, publicClient, unwrap } from './client';

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
export type QuoteLimits = Schemas['QuoteLimits'];

export const quotesApi = {
  /**
   * Anyone may ask for a quote. Through the auth context's client a signed-in customer's token
   * goes along, so the quote is recorded as theirs; with no session no token is sent.
   */
  create: async (client: ApiClient, body: QuoteRequest, signal?: AbortSignal) =>
    unwrap(await client.POST('/api/v1/quotes', { body, signal })),
  /** The heaviest parcel any active service takes: the quote form's weight goes up to it. */
  limits: async (signal?: AbortSignal) => unwrap(await publicClient.GET('/api/v1/quotes/limits', { signal })),
  get: async (id: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/quotes/{id}', { params: { path: { id } }, signal })),
  article: async (slug: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/articles/{slug}', { params: { path: { slug } }, signal })),
};
