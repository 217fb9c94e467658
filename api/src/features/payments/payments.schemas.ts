import { z } from '@hono/zod-openapi';

export const WebhookEventSchema = z.looseObject({}).openapi('PayPalWebhookEvent', {
  description:
    'A PayPal webhook event, exactly as PayPal sends it; its signature headers are verified with PayPal.',
});

export const WebhookResultSchema = z
  .object({
    received: z.literal(true),
    duplicate: z
      .boolean()
      .openapi({ description: 'True when this event id was delivered before; nothing was done again' }),
    outcome: z.string(),
  })
  .openapi('WebhookResult');

export const TestPaymentParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'TEST0123456789ABCDEF' }),
});

export const PaymentReturnBodySchema = z
  .strictObject({
    token: z.string().min(1).max(64).openapi({
      description: 'The provider order id the provider appended to the return URL as `?token=`',
      example: 'TEST0123456789ABCDEF',
    }),
  })
  .openapi('PaymentReturnRequest');

export const PaymentReturnSchema = z
  .object({
    state: z.enum(['captured', 'pending']).openapi({
      description:
        'pending: the provider holds the capture for review; a webhook or the reconciler finishes it',
    }),
    kind: z
      .enum(['order', 'job', 'batch', 'adjustment', 'return_charge'])
      .openapi({ description: 'What the payment paid for' }),
    id: z.string().openapi({
      description: "The order or job id, the batch charge's or the partner's return charge's id",
    }),
    reference: z.string().openapi({ example: '#89abcdef' }),
    amount: z.number().int().openapi({ description: 'Minor units of currency' }),
    currency: z.string().openapi({ example: 'GBP' }),
    orderView: z
      .object({ token: z.string(), expiresAt: z.string().openapi({ format: 'date-time' }) })
      .optional()
      .openapi({
        description:
          'For an order: a signed link token that opens its confirmation and label at /order-view?token=… ' +
          'without a sign-in (GET /order-views/{token})',
      }),
  })
  .openapi('PaymentReturn');
