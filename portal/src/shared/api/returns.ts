/** Returns (docs/claims-and-returns.md, "Returns"): the signed-out start and the signed-in booking. */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];
export type StartReturnBody = Schemas['StartReturnBody'];
export type ReturnDraft = Schemas['ReturnDraft'];
export type BookReturnBody = Schemas['BookReturnBody'];

export const returnsApi = {
  start: async (client: ApiClient, body: StartReturnBody) =>
    unwrap(await client.POST('/api/v1/returns', { body })),
  book: async (client: ApiClient, body: BookReturnBody) =>
    unwrap(await client.POST('/api/v1/returns/book', { body })),
};
