import { z } from '@hono/zod-openapi';
import { CURRENCIES } from '../../domain/money';
import { UK_NATION_VALUES } from '../../domain/nations';
import { SERVICE_TYPE_VALUES } from '../../domain/services';

const OptionSchema = z.object({ value: z.string(), label: z.string() }).openapi('Option');
const CountrySchema = z.object({ code: z.string(), name: z.string() }).openapi('Country');

export const ReferenceDataSchema = z
  .object({
    serviceTypes: z.array(z.object({ value: z.enum(SERVICE_TYPE_VALUES), label: z.string() })),
    ukNations: z.array(z.object({ value: z.enum(UK_NATION_VALUES), label: z.string() })),
    internationalDestinations: z
      .array(CountrySchema)
      .openapi({ description: 'Where international quotes may go; ISO 3166-1 alpha-2 codes' }),
    defaultDestination: z.string().openapi({ example: 'AL' }),
    coverCurrency: z.enum(CURRENCIES),
    coverTiers: z
      .array(z.object({ coverAmount: z.number().int(), fee: z.number().int() }))
      .openapi({ description: 'Extended liability: the fee for cover up to an amount, both in pence' }),
    exportReasons: z.array(OptionSchema),
    documentTypes: z.array(OptionSchema),
    partyKinds: z.array(OptionSchema).openapi({ description: 'Sender and recipient kinds on customs forms' }),
    hsCodeCategories: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        codes: z.array(z.object({ code: z.string(), label: z.string() })),
      }),
    ),
    weightOptions: z.array(z.number()).openapi({ description: 'The quote form’s weight choices, kg' }),
    manufactureCountries: z.array(CountrySchema),
  })
  .openapi('ReferenceData');
