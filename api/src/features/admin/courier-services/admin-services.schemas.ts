import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const SERVICE_SORT_FIELDS = ['createdAt', 'name', 'status', 'serviceType', 'id'] as const;

export const AdminServiceListQuerySchema = raListQuery({
  sortFields: SERVICE_SORT_FIELDS,
  filter: z
    .strictObject({
      q: z.string().trim().max(200).optional().openapi({ description: 'Service name contains' }),
      status: z.enum(['active', 'inactive']).optional(),
      serviceType: z.enum(['domestic', 'international', 'same_day']).optional(),
      vendorId: z.string().max(64).optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the admin courier service list' }),
});
