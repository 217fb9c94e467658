import { z } from '@hono/zod-openapi';
import { JOB_STATUSES } from '../../../db/schema';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const JOB_SORT_FIELDS = ['createdAt', 'status', 'id'] as const;
export const AdminJobListQuerySchema = raListQuery({
  sortFields: JOB_SORT_FIELDS,
  filter: z.strictObject({
    status: z.enum(JOB_STATUSES).optional(),
    customerId: z.string().max(64).optional(),
    id: IdsFilterSchema,
  }),
});
