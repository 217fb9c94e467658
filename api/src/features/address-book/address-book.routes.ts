import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import {
  AddressBookEntrySchema,
  AddressBookPageSchema,
  AddressBookQuerySchema,
  AddressImportResultSchema,
  CreateAddressBookEntrySchema,
  CreateSavedParcelSchema,
  EntryIdParamsSchema,
  MAX_ADDRESSES,
  SavedParcelListSchema,
  SavedParcelSchema,
  UpdateAddressBookEntrySchema,
  UpdateSavedParcelSchema,
} from './address-book.schemas';

const tags = ['Address book'];

export const listAddressBook = createRoute({
  operationId: 'listAddressBook',
  method: 'get',
  path: '/address-book',
  tags,
  summary: 'Your saved addresses: the default sender first, then by label; searchable',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: AddressBookQuerySchema },
  responses: { 200: jsonContent(AddressBookPageSchema, 'A page of entries'), ...pickProblems(401, 422) },
});

export const createAddressBookEntry = createRoute({
  operationId: 'createAddressBookEntry',
  method: 'post',
  path: '/address-book',
  tags,
  summary: 'Save an address under a label; `defaultSender` makes it the sender bookings start from',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(CreateAddressBookEntrySchema) },
  responses: {
    201: jsonContent(AddressBookEntrySchema, 'Saved'),
    ...pickProblems(401, 409, 422),
  },
});

export const importAddressBook = createRoute({
  operationId: 'importAddressBook',
  method: 'post',
  path: '/address-book/import',
  tags,
  summary: 'Import addresses from a CSV file (all or nothing)',
  description:
    'The body is the file itself (`Content-Type: text/csv`). The header names the columns label, name, email, ' +
    'phone, line1, line2, town, county, postcode, country (default GB) and default_sender (yes or no), in any ' +
    `order. Every line is checked first: any problem answers 422 naming its line and column and nothing is saved. ` +
    `A label already in the book replaces that entry. At most ${MAX_ADDRESSES} addresses.`,
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: {
    body: {
      required: true,
      content: { 'text/csv': { schema: z.string().openapi({ example: 'label,name,...' }) } },
    },
  },
  responses: {
    201: jsonContent(AddressImportResultSchema, 'Imported'),
    ...pickProblems(401, 409, 413, 415, 422),
  },
});

export const updateAddressBookEntry = createRoute({
  operationId: 'updateAddressBookEntry',
  method: 'patch',
  path: '/address-book/{id}',
  tags,
  summary: 'Change an entry: its label, its address or whether it is the default sender',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: EntryIdParamsSchema, body: jsonBody(UpdateAddressBookEntrySchema) },
  responses: { 200: jsonContent(AddressBookEntrySchema, 'Saved'), ...pickProblems(401, 404, 422) },
});

export const deleteAddressBookEntry = createRoute({
  operationId: 'deleteAddressBookEntry',
  method: 'delete',
  path: '/address-book/{id}',
  tags,
  summary: 'Delete an entry (orders booked with it keep their copy of the address)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: EntryIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...pickProblems(401, 404) },
});

export const listSavedParcels = createRoute({
  operationId: 'listSavedParcels',
  method: 'get',
  path: '/parcel-sizes',
  tags,
  summary: 'Your saved parcel sizes, by label',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  responses: { 200: jsonContent(SavedParcelListSchema, 'Every saved size'), ...pickProblems(401) },
});

export const createSavedParcel = createRoute({
  operationId: 'createSavedParcel',
  method: 'post',
  path: '/parcel-sizes',
  tags,
  summary: 'Save a parcel size under a label',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(CreateSavedParcelSchema) },
  responses: { 201: jsonContent(SavedParcelSchema, 'Saved'), ...pickProblems(401, 409, 422) },
});

export const updateSavedParcel = createRoute({
  operationId: 'updateSavedParcel',
  method: 'patch',
  path: '/parcel-sizes/{id}',
  tags,
  summary: 'Change a saved parcel size',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: EntryIdParamsSchema, body: jsonBody(UpdateSavedParcelSchema) },
  responses: { 200: jsonContent(SavedParcelSchema, 'Saved'), ...pickProblems(401, 404, 422) },
});

export const deleteSavedParcel = createRoute({
  operationId: 'deleteSavedParcel',
  method: 'delete',
  path: '/parcel-sizes/{id}',
  tags,
  summary: 'Delete a saved parcel size',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: EntryIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...pickProblems(401, 404) },
});
