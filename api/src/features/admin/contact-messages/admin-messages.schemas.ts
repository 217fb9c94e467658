import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const ContactMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    message: z.string(),
    notifiedAt: z.iso.datetime().nullable(),
    handledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi('AdminContactMessage');

export const MESSAGE_SORT_FIELDS = ['createdAt', 'handledAt', 'id'] as const;

export const ContactMessageListQuerySchema = raListQuery({
  sortFields: MESSAGE_SORT_FIELDS,
  filter: z
    .strictObject({
      handled: z.boolean().optional(),
      q: z.string().trim().max(200).optional().openapi({ description: 'Name, email or message contains' }),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the contact messages' }),
});
