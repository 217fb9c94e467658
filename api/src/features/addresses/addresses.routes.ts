import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import { AddressQuerySchema, AddressSuggestionsSchema } from './addresses.schemas';

export const suggestAddresses = createRoute({
  operationId: 'suggestAddresses',
  method: 'get',
  path: '/addresses',
  tags: ['Users'],
  summary: "Addresses for a postcode: the caller's saved and earlier addresses, and the post town",
  description:
    'The booking form offers these as a postcode is typed. Without a postcode look-up provider ' +
    "the suggestions are the caller's own: the address book and earlier orders.",
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: AddressQuerySchema },
  responses: {
    200: jsonContent(AddressSuggestionsSchema, 'Suggestions, saved address first'),
    ...pickProblems(401, 422),
  },
});
