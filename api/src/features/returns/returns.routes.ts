import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import { PaymentSessionSchema } from '../orders';
import { requirePartner } from '../partners';
import {
  BookReturnBodySchema,
  OwedReturnsSchema,
  ReturnDraftSchema,
  ReturnListQuerySchema,
  ReturnListSchema,
  ReturnPolicyBodySchema,
  ReturnPolicySchema,
  ReturnSchema,
  ReturnsPaymentCapturedSchema,
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
  summary:
    'Returns of orders booked through the partner, newest first, a page at a time, with who pays and the price',
  description:
    '`limit` (1 to 100, default 20) and `cursor` (the previous page’s `nextCursor`); a cursor this list did ' +
    'not give out is a 422 on `cursor`.',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { query: ReturnListQuerySchema },
  responses: { 200: jsonContent(ReturnListSchema, 'The returns'), ...pickProblems(400, 401, 403, 422, 429) },
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

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});
const payProblems = {
  502: problem('The payment provider refused the request'),
  503: problem('The payment provider is unavailable; retry later'),
};

export const getOwedReturns = createRoute({
  operationId: 'partnerOwedReturns',
  method: 'get',
  path: '/partner/returns/owed',
  tags: ['Partner'],
  summary: 'What the partner owes for returns booked on its account: the returns, their total, when due',
  description:
    'A return its policy says the partner pays for is owed from its booking until a payment of it is ' +
    'captured, unless it is cancelled first. Due 14 days after booking: past that (`overdue`), the ' +
    'partner’s shoppers pay for new returns until it pays (docs/claims-and-returns.md).',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  responses: { 200: jsonContent(OwedReturnsSchema, 'What is owed'), ...pickProblems(400, 401, 403, 429) },
});

export const startReturnsPayment = createRoute({
  operationId: 'partnerStartReturnsPayment',
  method: 'post',
  path: '/partner/returns/payment',
  tags: ['Partner'],
  summary: 'Start one payment for every return owed: the provider order to approve',
  description:
    'One provider order (TEST MODE’s approval page, or PayPal with an item per return) for every return ' +
    'owed now. Asking again answers the same provider order while what is owed is unchanged; a return ' +
    'booked or cancelled since makes a new one. 409 `nothing_owed` when nothing is owed.',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  responses: {
    200: jsonContent(PaymentSessionSchema, 'The provider order'),
    ...pickProblems(400, 401, 403, 409, 429),
    ...payProblems,
  },
});

export const captureReturnsPayment = createRoute({
  operationId: 'partnerCaptureReturnsPayment',
  method: 'post',
  path: '/partner/returns/payment/capture',
  tags: ['Partner'],
  summary: 'Take the approved payment of the returns owed',
  description:
    'Takes the approved payment once however often or simultaneously asked: each return order is then ' +
    'recorded in the books as a paid order (its courier earns its total less the commission), one VAT ' +
    'receipt is issued and mailed to the partner’s people. 402 payment_declined: approve again with ' +
    'another funding source; 409 payment_not_approved: not approved yet; 409 charge_void: a return was ' +
    'booked or cancelled after the payment started (start it again); 409 payment_not_started.',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  responses: {
    200: jsonContent(ReturnsPaymentCapturedSchema, 'Paid: the payment and what is still owed'),
    202: jsonContent(ReturnsPaymentCapturedSchema, 'The provider holds the payment for review'),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(400, 401, 403, 409, 429),
    ...payProblems,
  },
});

export const getReturnsReceipt = createRoute({
  operationId: 'partnerReturnsReceipt',
  method: 'get',
  path: '/partner/returns/charges/{id}/receipt',
  tags: ['Partner'],
  summary: 'The VAT receipt (PDF) of a payment of returns: a line per return',
  description: 'The partner’s own payments only (another’s: 404); 409 `not_paid` before it is paid.',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(64)
        .openapi({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The receipt',
      headers: z.object({
        'Content-Disposition': z
          .string()
          .openapi({ example: 'attachment; filename="consign-receipt-R-000123.pdf"' }),
      }),
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...pickProblems(400, 401, 403, 404, 409, 429),
  },
});
