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
