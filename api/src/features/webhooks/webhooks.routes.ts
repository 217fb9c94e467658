import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { requirePartner } from '../partners';
import {
  CreateWebhookEndpointSchema,
  DeliveriesQuerySchema,
  EventTypeListSchema,
  IdParamsSchema,
  NewWebhookEndpointSchema,
  TestEventSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
} from './webhooks.schemas';

const tags = ['Partner'];
const security = bearerSecurity;

export const eventTypes = createRoute({
  operationId: 'partnerEventTypes',
  method: 'get',
  path: '/partner/event-types',
  tags,
  summary: 'The event types an endpoint may subscribe to',
  security,
  middleware: [requirePartner] as const,
  responses: { 200: jsonContent(EventTypeListSchema, 'The catalogue'), ...pickProblems(400, 401, 403, 429) },
});

export const listEndpoints = createRoute({
  operationId: 'partnerListWebhookEndpoints',
  method: 'get',
  path: '/partner/webhook-endpoints',
  tags,
  summary: 'Webhook endpoints',
  security,
  middleware: [requirePartner] as const,
  responses: {
    200: jsonContent(WebhookEndpointListSchema, 'The endpoints'),
    ...pickProblems(400, 401, 403, 429),
  },
});

export const createEndpoint = createRoute({
  operationId: 'partnerCreateWebhookEndpoint',
  method: 'post',
  path: '/partner/webhook-endpoints',
  tags,
  summary: 'Add an endpoint; the answer is the only time its signing secret is shown',
  security,
  middleware: [requirePartner] as const,
  request: { body: jsonBody(CreateWebhookEndpointSchema) },
  responses: {
    201: jsonContent(NewWebhookEndpointSchema, 'The endpoint and its secret'),
    ...pickProblems(400, 401, 403, 409, 422, 429),
  },
});

export const getEndpoint = createRoute({
  operationId: 'partnerGetWebhookEndpoint',
  method: 'get',
  path: '/partner/webhook-endpoints/{id}',
  tags,
  summary: 'One endpoint',
  security,
  middleware: [requirePartner] as const,
  request: { params: IdParamsSchema },
  responses: {
    200: jsonContent(WebhookEndpointSchema, 'The endpoint'),
    ...pickProblems(400, 401, 403, 404, 429),
  },
});

export const updateEndpoint = createRoute({
  operationId: 'partnerUpdateWebhookEndpoint',
  method: 'patch',
  path: '/partner/webhook-endpoints/{id}',
  tags,
  summary: 'Change an endpoint; enabling a disabled one resends what it missed',
  security,
  middleware: [requirePartner] as const,
  request: { params: IdParamsSchema, body: jsonBody(UpdateWebhookEndpointSchema) },
  responses: {
    200: jsonContent(WebhookEndpointSchema, 'The endpoint'),
    ...pickProblems(400, 401, 403, 404, 422, 429),
  },
});

export const deleteEndpoint = createRoute({
  operationId: 'partnerDeleteWebhookEndpoint',
  method: 'delete',
  path: '/partner/webhook-endpoints/{id}',
  tags,
  summary: 'Remove an endpoint and its delivery log',
  security,
  middleware: [requirePartner] as const,
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Removed' }, ...pickProblems(400, 401, 403, 404, 429) },
});

export const testEndpoint = createRoute({
  operationId: 'partnerTestWebhookEndpoint',
  method: 'post',
  path: '/partner/webhook-endpoints/{id}/test',
  tags,
  summary: 'Send a `ping` event to the endpoint',
  security,
  middleware: [requirePartner] as const,
  request: { params: IdParamsSchema },
  responses: { 202: jsonContent(TestEventSchema, 'Queued'), ...pickProblems(400, 401, 403, 404, 409, 429) },
});

export const listDeliveries = createRoute({
  operationId: 'partnerListWebhookDeliveries',
  method: 'get',
  path: '/partner/webhook-deliveries',
  tags,
  summary: 'Delivery attempts, newest first',
  security,
  middleware: [requirePartner] as const,
  request: { query: DeliveriesQuerySchema },
  responses: {
    200: jsonContent(WebhookDeliveryListSchema, 'One page'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});

export const replayDelivery = createRoute({
  operationId: 'partnerReplayWebhookDelivery',
  method: 'post',
  path: '/partner/webhook-deliveries/{id}/replay',
  tags,
  summary: 'Send the event of a delivery again (same event id)',
  security,
  middleware: [requirePartner] as const,
  request: { params: IdParamsSchema },
  responses: {
    202: jsonContent(WebhookDeliverySchema, 'The new attempt, pending'),
    ...pickProblems(400, 401, 403, 404, 409, 429),
  },
});
