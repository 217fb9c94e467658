import { z } from '@hono/zod-openapi';

export const HsCodeSchema = z
  .object({
    code: z.string().openapi({ example: '611020' }),
    description: z.string().openapi({
      example:
        'Jerseys, pullovers, cardigans, waistcoats and similar articles; of cotton, knitted or crocheted',
    }),
    level: z.union([z.literal(2), z.literal(4), z.literal(6)]).openapi({
      description: '2 = chapter, 4 = heading, 6 = subheading (the code customs need, UK digits may follow)',
    }),
  })
  .openapi('HsCode');

export const HsCodeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Enter a word or a code to search for' })
    .trim()
    .min(2, 'Enter at least 2 characters')
    .max(100, 'Search for at most 100 characters')
    .openapi({ example: 'jumper' }),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(20),
});

export const HsCodeSearchResultSchema = z
  .object({ items: z.array(HsCodeSchema) })
  .openapi('HsCodeSearchResult');
