import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import { AddressQuerySchema, AddressSuggestionsSchema } from './addresses.schemas';

export const suggestAddresses = createRoute({
  operationId: 'suggestAddresses',
  method: 'get',
  path: '/addresses',
  tags: ['Users'],
  summary: "Addresses for a postcode: the caller's saved and earlier addresses, then the postcode's",
  description:
    'The booking form offers these as a postcode is typed. With a postcode look-up service ' +
    '(Ideal Postcodes, IDEAL_POSTCODES_API_KEY) every address it knows at the postcode follows ' +
    "the caller's own; without one, or when it fails (`lookup`), the suggestions are the " +
    "caller's address book and earlier orders and the area's post town. Look-ups are limited " +
    'to 120 an hour per account.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: AddressQuerySchema },
  responses: {
    200: jsonContent(AddressSuggestionsSchema, 'Suggestions, saved address first'),
    ...pickProblems(401, 422, 429),
  },
});
