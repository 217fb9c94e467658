import { z } from '@hono/zod-openapi';
import { parseUkPostcode } from '../../providers/distance';

export const AddressQuerySchema = z.object({
  postcode: z
    .string({ error: 'Postcode is required' })
    .max(16, 'Enter a valid UK postcode, such as SW1A 1AA')
    .transform((value, ctx) => {
      const parsed = parseUkPostcode(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid UK postcode, such as SW1A 1AA' });
        return z.NEVER;
      }
      return parsed.postcode;
    })
    .openapi({ param: { name: 'postcode', in: 'query' }, type: 'string', example: 'SW1A 1AA' }),
});

export const AddressSuggestionsSchema = z
  .object({
    postcode: z.string().openapi({ example: 'SW1A 1AA', description: 'The postcode as normally written' }),
    postTown: z
      .string()
      .nullable()
      .openapi({ description: "The main post town of the postcode's area: a default for Town, not a fact" }),
    items: z.array(
      z.object({
        line1: z.string(),
        line2: z.string().optional(),
        town: z.string(),
        county: z.string().optional(),
        postcode: z.string(),
        country: z.string(),
        source: z.enum(['saved', 'order']).openapi({ description: 'The address book, or an earlier order' }),
      }),
    ),
  })
  .openapi('AddressSuggestions');

export type AddressSuggestions = z.infer<typeof AddressSuggestionsSchema>;
