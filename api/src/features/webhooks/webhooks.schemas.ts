import { z } from '@hono/zod-openapi';
import { WEBHOOK_DELIVERY_STATUSES } from '../../db/schema';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { isKnownType, PARTNER_EVENT_TYPES } from './webhook-events';

const EventsSchema = z
  .array(
    z.string().refine(isKnownType, {
      message: `Unknown event type; use one of ${PARTNER_EVENT_TYPES.map((e) => e.type).join(', ')} or *`,
    }),
  )
  .min(1, 'Subscribe to at least one event type')
  .max(20)
  .transform((list) => [...new Set(list)])
  .openapi({ example: ['booking:completed', 'order.status_changed'] });

const UrlSchema = z.string().trim().max(2000).openapi({ example: 'https://shop.example/consign/webhooks' });
const DescriptionSchema = z.string().trim().max(200).nullable();

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('WebhookEndpoint');

export const NewWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ description: 'Signs every delivery; shown this once', example: 'whsec_…' }),
}).openapi('NewWebhookEndpoint');

export const WebhookEndpointListSchema = z
  .object({ data: z.array(WebhookEndpointSchema) })
  .openapi('WebhookEndpointList');

export const CreateWebhookEndpointSchema = z
  .strictObject({ url: UrlSchema, events: EventsSchema, description: DescriptionSchema.optional() })
  .openapi('CreateWebhookEndpoint');

export const UpdateWebhookEndpointSchema = z
  .strictObject({
    url: UrlSchema.optional(),
    events: EventsSchema.optional(),
    description: DescriptionSchema.optional(),
    enabled: z
      .boolean()
      .optional()
      .openapi({ description: 'Enabling a disabled endpoint resends what it missed' }),
  })
  .openapi('UpdateWebhookEndpoint');

export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().openapi({ description: 'The Consign-Event-Id header' }),
    eventType: z.string(),
    attempt: z.number().int(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    responseExcerpt: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    nextAttemptAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'When a failed delivery is tried again' }),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryListSchema = z
  .object({ data: z.array(WebhookDeliverySchema), nextCursor: z.string().nullable() })
  .openapi('WebhookDeliveryList');

export const DeliveriesQuerySchema = z.object({
  endpoint: z
    .string()
    .max(64)
    .optional()
    .openapi({ param: { name: 'endpoint', in: 'query' }, description: 'One endpoint only' }),
  cursor: cursorQuery(),
  limit: limitQuery,
});

export const IdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const TestEventSchema = z.object({ eventId: z.string() }).openapi('WebhookTestEvent');

export const EventTypeListSchema = z
  .object({ data: z.array(z.object({ type: z.string(), description: z.string() })) })
  .openapi('PartnerEventTypeList');

export type CreateEndpointInput = z.infer<typeof CreateWebhookEndpointSchema>;
export type UpdateEndpointInput = z.infer<typeof UpdateWebhookEndpointSchema>;
