import { z } from '@hono/zod-openapi';

export const HsCodeQuerySchema = z.object({
  q: z
    .string({ error: 'Type a word or the start of a code' })
    .trim()
    .min(2, 'Type at least 2 characters')
    .max(100, 'Type at most 100 characters')
    .openapi({ param: { name: 'q', in: 'query' }, example: 'jumper' }),
});

export const HsCodeListSchema = z
  .object({
    items: z.array(
      z.object({
        code: z.string().openapi({ example: '6110', description: '2, 4 or 6 digits' }),
        description: z.string(),
        level: z
          .union([z.literal(2), z.literal(4), z.literal(6)])
          .openapi({ description: '2 chapter, 4 heading, 6 subheading' }),
      }),
    ),
  })
  .openapi('HsCodeList');
