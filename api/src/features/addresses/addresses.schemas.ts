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
    postTown: z.string().nullable().openapi({
      description:
        "The postcode's post town: from the look-up service when it knows the postcode, otherwise the main post town of the postcode's area (a default for Town, not a fact)",
    }),
    county: z
      .string()
      .nullable()
      .openapi({ description: "The postcode's county, when the look-up service knows it" }),
    lookup: z.enum(['off', 'ok', 'unavailable']).openapi({
      description:
        'The postcode look-up service: `off` when none is configured (own addresses only), `ok` when it answered (an empty list of its addresses means it does not know the postcode), `unavailable` when it failed this time',
    }),
    items: z.array(
      z.object({
        line1: z.string(),
        line2: z.string().optional(),
        town: z.string(),
        county: z.string().optional(),
        postcode: z.string(),
        country: z.string(),
        source: z.enum(['saved', 'order', 'postcode']).openapi({
          description: "The address book, an earlier order, or the look-up service's list for the postcode",
        }),
      }),
    ),
  })
  .openapi('AddressSuggestions');

export type AddressSuggestions = z.infer<typeof AddressSuggestionsSchema>;
