import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

/**
 * One sign-in of an account: a refresh-token family, from the first sign-in through every
 * rotation. Dates only; no token material ever leaves the server.
 */
export const AdminSessionSchema = z
  .object({
    id: z.string().openapi({ description: 'The session (refresh-token family) id' }),
    userId: z.string(),
    createdAt: z.iso.datetime().openapi({ description: 'When the account signed in' }),
    lastUsedAt: z.iso.datetime().openapi({ description: 'When the session was last refreshed' }),
    expiresAt: z.iso.datetime().openapi({ description: 'When it ends unless refreshed again' }),
    revokedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'When it was ended (sign-out, staff, reuse)' }),
    active: z.boolean().openapi({ description: 'Not revoked and not expired' }),
  })
  .openapi('AdminSession');

export const SESSION_SORT_FIELDS = ['lastUsedAt', 'createdAt', 'expiresAt', 'id'] as const;

export const SessionListQuerySchema = raListQuery({
  sortFields: SESSION_SORT_FIELDS,
  filter: z
    .strictObject({
      userId: z.string().max(64).optional().openapi({ description: "The account's sessions" }),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the session list' }),
});
