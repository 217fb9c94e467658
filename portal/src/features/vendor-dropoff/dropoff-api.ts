/** The courier's own drop-off points: list, publish, change, close, import a CSV. */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from '../../shared/api/client';

type Schemas = components['schemas'];

export type DropOffPoint = Schemas['DropOffPoint'];
export type CreatePointBody = Schemas['CreateDropOffPointRequest'];
export type ImportResult = Schemas['ImportDropOffPointsResult'];

export const pointKeys = {
  all: ['vendor-dropoff-points'] as const,
  one: (id: string) => ['vendor-dropoff-points', id] as const,
};

const byId = (id: string) => ({ path: { id } });

export const pointsApi = {
  list: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/dropoff-points', { signal })),
  get: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/dropoff-points/{id}', { params: byId(id), signal })),
  create: async (client: ApiClient, body: CreatePointBody) =>
    unwrap(await client.POST('/api/v1/vendor/dropoff-points', { body })),
  update: async (client: ApiClient, id: string, body: CreatePointBody) =>
    unwrap(await client.PATCH('/api/v1/vendor/dropoff-points/{id}', { params: byId(id), body })),
  close: async (client: ApiClient, id: string) => {
    unwrap(await client.DELETE('/api/v1/vendor/dropoff-points/{id}', { params: byId(id) }));
  },
  import: async (client: ApiClient, text: string, dryRun: boolean) =>
    unwrap(await client.POST('/api/v1/vendor/dropoff-points/import', { body: { text, dryRun } })),
};
