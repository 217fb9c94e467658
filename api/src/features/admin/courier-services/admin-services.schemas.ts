import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../lib/ra-list';

export const SERVICE_SORT_FIELDS = ['createdAt', 'name', 'status', 'serviceType', 'id'] as const;

export const AdminServiceListQuerySchema = raListQuery({
  sortFields: SERVICE_SORT_FIELDS,
  filter: z
    .strictObject({
      q: z.string().trim().max(200).optional().openapi({ description: 'Service name contains' }),
      status: z.enum(['active', 'inactive']).optional(),
      serviceType: z.enum(['domestic', 'international', 'same_day']).optional(),
      vendorId: z.string().max(64).optional(),
      id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
    })
    .openapi({ description: 'Filters of the admin courier service list' }),
});

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
      id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
    })
    .openapi({ description: 'Filters of the contact messages' }),
});
