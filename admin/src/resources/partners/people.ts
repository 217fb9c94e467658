/** The partner's people and their invitations (`/admin/partners/{id}/users`, `…/invites`). */
import type { paths } from '@consign/api/client';
import { createHttpClient } from '../../http';
import { session } from '../../session';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type PartnerUser = Json<'/api/v1/admin/partners/{id}/users', 'get'>['data'][number];
export type Invitation = Json<'/api/v1/admin/partners/{id}/invites', 'post', 201>;

// The console's one session: the same bearer token, refresh and retry as the data provider.
const http = createHttpClient(session);
const base = (id: string) => `/api/v1/admin/partners/${encodeURIComponent(id)}`;

export const peopleApi = {
  list: async (partnerId: string): Promise<PartnerUser[]> =>
    ((await http(`${base(partnerId)}/users`)).json as { data: PartnerUser[] }).data,
  invite: async (partnerId: string, body: { email: string; name: string }): Promise<Invitation> =>
    (await http(`${base(partnerId)}/invites`, { method: 'POST', body: JSON.stringify(body) }))
      .json as Invitation,
};
