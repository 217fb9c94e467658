import { z } from '@hono/zod-openapi';

/** The `{id}` of every admin record route. */
export const IdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' }),
});

/** The `id` filter of react-admin's getMany: one id or a list. */
export const IdsFilterSchema = z
  .union([z.string(), z.array(z.string()).max(1000)])
  .optional()
  .openapi({ description: 'One id or a list (react-admin getMany)' });
