import { z } from '@hono/zod-openapi';
import { limitQuery } from '../../lib/pagination';
import { OrderAddressSchema } from '../orders';
import { ParcelSchema } from '../quotes';

/** Most a person keeps: a shop's regular recipients, not a mailing list. */
export const MAX_ADDRESSES = 2000;
export const MAX_SAVED_PARCELS = 100;

export const LabelSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Label is required' : 'Label must be text') })
  .trim()
  .min(1, { message: 'Label is required', abort: true })
  .max(40, 'Label must be at most 40 characters')
  .openapi({
    example: 'Warehouse',
    description: 'Your own name for it; unique in your book, whatever its case',
  });

export const AddressBookEntrySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    address: OrderAddressSchema,
    defaultSender: z.boolean().openapi({ description: 'The sender a booking or a batch row starts from' }),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AddressBookEntry');

export type AddressBookEntryDto = z.infer<typeof AddressBookEntrySchema>;

export const CreateAddressBookEntrySchema = z
  .strictObject({
    label: LabelSchema,
    address: OrderAddressSchema,
    defaultSender: z.boolean({ error: 'defaultSender must be true or false' }).default(false),
  })
  .openapi('CreateAddressBookEntry');

export const UpdateAddressBookEntrySchema = z
  .strictObject({
    label: LabelSchema.optional(),
    address: OrderAddressSchema.optional(),
    defaultSender: z.boolean({ error: 'defaultSender must be true or false' }).optional(),
  })
  .openapi('UpdateAddressBookEntry');

export const AddressBookQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'Words of the label, name, street, town or postcode',
      example: 'warehouse',
    }),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1)
    .openapi({ param: { name: 'page', in: 'query' }, example: 1 }),
  limit: limitQuery,
});

export const AddressBookPageSchema = z
  .object({
    items: z.array(AddressBookEntrySchema),
    total: z.number().int().openapi({ description: 'Entries matching the search' }),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .openapi('AddressBookPage');

export const EntryIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0196c8e2-7c1e-7000-8000-00000000abcd' }),
});

export const AddressImportResultSchema = z
  .object({
    imported: z.number().int().openapi({ description: 'Entries added' }),
    updated: z
      .number()
      .int()
      .openapi({ description: 'Entries whose label was already in the book, replaced' }),
    items: z.array(AddressBookEntrySchema),
  })
  .openapi('AddressImportResult');

export const SavedParcelSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    length: z.number(),
    width: z.number(),
    height: z.number(),
    weight: z.number(),
  })
  .openapi('SavedParcel', { description: 'Centimetres and kilograms' });

export type SavedParcelDto = z.infer<typeof SavedParcelSchema>;

export const CreateSavedParcelSchema = ParcelSchema.extend({ label: LabelSchema }).openapi(
  'CreateSavedParcel',
);

export const UpdateSavedParcelSchema = ParcelSchema.partial()
  .extend({ label: LabelSchema.optional() })
  .openapi('UpdateSavedParcel');

export const SavedParcelListSchema = z
  .object({ items: z.array(SavedParcelSchema) })
  .openapi('SavedParcelList');
