/** The webhooks feature's public surface: other features and the app import nothing else of it. */
export { PARTNER_EVENT_TYPES } from './webhook-events';
export { webhooksRouter } from './webhooks.router';
export { endpointDisabledMailSubscriber, partnerWebhookSubscriber } from './webhooks.subscriber';
