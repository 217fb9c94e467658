import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { requirePartner } from '../partners';
import {
  BookReturnBodySchema,
  ReturnDraftSchema,
  ReturnListSchema,
  ReturnPolicyBodySchema,
  ReturnPolicySchema,
  ReturnSchema,
  StartReturnBodySchema,
} from './returns.schemas';

const tags = ['Returns'];

export const startReturn = createRoute({
  operationId: 'startReturn',
  method: 'post',
  path: '/returns',
  tags,
  summary: 'Start a return from a tracking code and the delivery postcode (no account needed)',
  description:
    'Checks the code (the one /track takes) against the postcode the parcel was delivered to (any case and ' +
    'spacing; a wrong pair, an unknown code and an unpaid checkout all answer the same 404, and count ' +
    'against the caller’s address like tracking misses), that it was delivered and is within the return ' +
    'window of its policy (the partner’s it was booked through, or Consign’s default: 30 days), and that ' +
    'the reason is one the policy offers (422 `return_reason`). A return is never returned (422 ' +
    '`return_of_return`), and only one return of a parcel is booked (409 `return_exists`). The answer is ' +
    'a draft with quotes for the reverse route (the recipient sends back to the sender), held for 30 ' +
    'minutes: book one with POST /returns/book (docs/claims-and-returns.md).',
  request: { body: jsonBody(StartReturnBodySchema) },
  responses: {
    201: jsonContent(ReturnDraftSchema, 'The draft and the quotes for the reverse route'),
    ...pickProblems(404, 409, 422, 429),
  },
});

export const bookReturn = createRoute({
  operationId: 'bookReturn',
  method: 'post',
  path: '/returns/book',
  tags,
  summary: 'Book one of a return draft’s options as an order linked to the original',
  description:
    'For the signed-in caller: collected where the original was delivered, delivered where it was ' +
    'collected. When the shopper pays, the order awaits payment (POST /orders/{id}/payment, as any ' +
    'order); when the policy says the partner pays, it is booked at once on the partner’s account. The ' +
    'return is on both orders’ timelines and the partner gets `return.created`.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(BookReturnBodySchema) },
  responses: {
    201: jsonContent(ReturnSchema, 'The return and its order'),
    ...pickProblems(401, 404, 409, 422),
  },
});

export const listPartnerReturns = createRoute({
  operationId: 'partnerListReturns',
  method: 'get',
  path: '/partner/returns',
  tags: ['Partner'],
  summary: 'Returns of orders booked through the partner (the newest 200), with who pays and the price',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  responses: { 200: jsonContent(ReturnListSchema, 'The returns'), ...pickProblems(400, 401, 403, 429) },
});

export const getReturnPolicy = createRoute({
  operationId: 'partnerGetReturnPolicy',
  method: 'get',
  path: '/partner/return-policy',
  tags: ['Partner'],
  summary: 'The partner’s return policy (Consign’s default until it sets one)',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  responses: { 200: jsonContent(ReturnPolicySchema, 'The policy'), ...pickProblems(400, 401, 403, 429) },
});

export const setReturnPolicy = createRoute({
  operationId: 'partnerSetReturnPolicy',
  method: 'put',
  path: '/partner/return-policy',
  tags: ['Partner'],
  summary: 'Set the return policy of orders booked through the partner: window, reasons, who pays',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { body: jsonBody(ReturnPolicyBodySchema) },
  responses: {
    200: jsonContent(ReturnPolicySchema, 'The policy'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});
