import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import {
  PaymentReturnBodySchema,
  PaymentReturnSchema,
  TestPaymentParamsSchema,
  WebhookEventSchema,
  WebhookResultSchema,
} from './payments.schemas';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/** Reads the body as text before the validator parses it, so the handler sees the exact bytes PayPal signed. */
const keepRawBody = async (c: { req: { text(): Promise<string> } }, next: () => Promise<void>) => {
  await c.req.text();
  await next();
};

export const paypalWebhook = createRoute({
  operationId: 'paypalWebhook',
  method: 'post',
  path: '/webhooks/paypal',
  tags: ['Payments'],
  summary: 'PayPal webhook receiver (order approved, capture completed, denied, refunded)',
  description:
    'The signature headers are verified with PayPal’s verify-webhook-signature call; a bad signature is 400. ' +
    'Each event id is acted on once: a repeated delivery answers 200 with duplicate: true.',
  middleware: [keepRawBody] as const,
  request: { body: jsonBody(WebhookEventSchema) },
  responses: {
    200: jsonContent(WebhookResultSchema, 'Received'),
    ...pickProblems(400, 422, 429),
    503: problem('The signature cannot be checked now; PayPal will deliver again'),
  },
});

export const paymentReturn = createRoute({
  operationId: 'paymentReturn',
  method: 'post',
  path: '/payments/return',
  tags: ['Payments'],
  summary: 'The buyer is back from the provider: capture the approved payment, no session needed',
  description:
    'Called by the page the provider returned to, with the `token` the provider appended (its order id). ' +
    'No sign-in: a checkout framed on a partner’s page may have lost its session across the redirect, ' +
    'and the payment is taken all the same. Safe to repeat: the capture is recorded once. ' +
    '409 payment_not_approved: not approved yet; payment_not_wanted: what it paid for was cancelled.',
  request: { body: jsonBody(PaymentReturnBodySchema) },
  responses: {
    200: jsonContent(PaymentReturnSchema, 'Captured (or held for review by the provider)'),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(400, 404, 409, 422, 429),
    502: problem('The payment provider refused the request'),
    503: problem('The payment provider is unavailable; retry later'),
  },
});

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

export const testPaymentPage = createRoute({
  operationId: 'testPaymentPage',
  method: 'get',
  path: '/test-payments/{id}/approve',
  tags: ['Payments'],
  summary: 'TEST MODE: the built-in provider’s approval page (only while PayPal is not configured)',
  request: { params: TestPaymentParamsSchema },
  responses: { 200: html('The approval page'), ...pickProblems(404) },
});

export const approveTestPayment = createRoute({
  operationId: 'approveTestPayment',
  method: 'post',
  path: '/test-payments/{id}/approve',
  tags: ['Payments'],
  summary: 'TEST MODE: approve the payment and go back to the portal',
  description: 'The approval page’s form posts here; the answer redirects to the order’s /payment page.',
  request: { params: TestPaymentParamsSchema },
  responses: {
    303: {
      description: 'Approved; see Location',
      headers: z.object({
        Location: z.string().openapi({ example: 'https://consign.example/payment?order=…&approved=1' }),
      }),
    },
    ...pickProblems(404),
  },
});
