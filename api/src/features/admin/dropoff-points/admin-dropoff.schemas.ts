import { z } from '@hono/zod-openapi';
import { DROPOFF_POINT_STATUSES } from '../../../db/schema';
import { raListQuery } from '../../../lib/ra-list';
import { DropOffPointSchema } from '../../dropoff-points';
import { IdsFilterSchema } from '../admin.schemas';

export const DROPOFF_SORT_FIELDS = ['createdAt', 'name', 'status', 'postcode', 'id'] as const;

export const AdminDropOffListQuerySchema = raListQuery({
  sortFields: DROPOFF_SORT_FIELDS,
  filter: z
    .strictObject({
      q: z.string().trim().max(200).optional().openapi({ description: 'Name, code or postcode contains' }),
      status: z.enum(DROPOFF_POINT_STATUSES).optional(),
      vendorId: z.string().max(64).optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the admin drop-off point list' }),
});

export const AdminDropOffPointSchema = DropOffPointSchema.extend({
  vendorName: z.string().openapi({ description: 'The courier, as customers see it' }),
}).openapi('AdminDropOffPoint');
