import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { multipartHygiene } from '../../lib/request-hygiene';
import { UploadBodySchema, UploadResultSchema, uploadBodyLimit } from '../uploads';
import { requireKeyManager, requirePartner } from './partner-access';
import {
  AllowedOriginsBodySchema,
  CreateSecretKeySchema,
  IdParamsSchema,
  NewSecretKeySchema,
  OverviewQuerySchema,
  PartnerOrderListSchema,
  PartnerOrderSchema,
  PartnerOrdersQuerySchema,
  PartnerOverviewSchema,
  PartnerSelfSchema,
  ReferenceParamsSchema,
  RotatedSecretKeySchema,
  RotateSecretKeySchema,
  SecretKeyListSchema,
  SecretKeySchema,
} from './partner-area.schemas';

const tags = ['Partner'];
const security = bearerSecurity;
const WHO =
  " Call with a partner user's access token or a secret key (`Authorization: Bearer sk_…`, from a server only: with an `Origin` header it is refused, 400 `secret_key_in_browser`).";

export const getSelf = createRoute({
  operationId: 'partnerGet',
  method: 'get',
  path: '/partner',
  tags,
  summary: 'The partner: keys, allowed origins and limits',
  description: `The partner the caller belongs to.${WHO}`,
  security,
  middleware: [requirePartner] as const,
  responses: { 200: jsonContent(PartnerSelfSchema, 'The partner'), ...pickProblems(400, 401, 403, 429) },
});

export const setAllowedOrigins = createRoute({
  operationId: 'partnerSetAllowedOrigins',
  method: 'put',
  path: '/partner/allowed-origins',
  tags,
  summary: 'Replace the origins the publishable key works from',
  security,
  middleware: [requirePartner] as const,
  request: { body: jsonBody(AllowedOriginsBodySchema) },
  responses: { 200: jsonContent(PartnerSelfSchema, 'The partner'), ...pickProblems(400, 401, 403, 422, 429) },
});

export const overview = createRoute({
  operationId: 'partnerOverview',
  method: 'get',
  path: '/partner/overview',
  tags,
  summary: 'Quotes, bookings, conversion and revenue per day',
  security,
  middleware: [requirePartner] as const,
  request: { query: OverviewQuerySchema },
  responses: {
    200: jsonContent(PartnerOverviewSchema, 'The figures'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});

export const listSecretKeys = createRoute({
  operationId: 'partnerListSecretKeys',
  method: 'get',
  path: '/partner/secret-keys',
  tags,
  summary: 'Secret keys (never the keys themselves)',
  security,
  middleware: [requirePartner] as const,
  responses: { 200: jsonContent(SecretKeyListSchema, 'The keys'), ...pickProblems(400, 401, 403, 429) },
});

export const createSecretKey = createRoute({
  operationId: 'partnerCreateSecretKey',
  method: 'post',
  path: '/partner/secret-keys',
  tags,
  summary: 'Create a secret key; the answer is the only time it is shown',
  security,
  middleware: [requireKeyManager] as const,
  request: { body: jsonBody(CreateSecretKeySchema) },
  responses: {
    201: jsonContent(NewSecretKeySchema, 'The new key'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});

export const rotateSecretKey = createRoute({
  operationId: 'partnerRotateSecretKey',
  method: 'post',
  path: '/partner/secret-keys/{id}/rotate',
  tags,
  summary: 'Replace a key; the old one keeps working for graceHours (24 by default)',
  security,
  middleware: [requireKeyManager] as const,
  request: { params: IdParamsSchema, body: jsonBody(RotateSecretKeySchema) },
  responses: {
    201: jsonContent(RotatedSecretKeySchema, 'The new key (shown once) and the old one'),
    ...pickProblems(400, 401, 403, 404, 409, 422, 429),
  },
});

export const revokeSecretKey = createRoute({
  operationId: 'partnerRevokeSecretKey',
  method: 'post',
  path: '/partner/secret-keys/{id}/revoke',
  tags,
  summary: 'Stop a key at once',
  security,
  middleware: [requireKeyManager] as const,
  request: { params: IdParamsSchema },
  responses: {
    200: jsonContent(SecretKeySchema, 'The revoked key'),
    ...pickProblems(400, 401, 403, 404, 429),
  },
});

export const listOrders = createRoute({
  operationId: 'partnerListOrders',
  method: 'get',
  path: '/partner/orders',
  tags,
  summary: 'Orders booked through the partner, newest first, without personal data',
  security,
  middleware: [requirePartner] as const,
  request: { query: PartnerOrdersQuerySchema },
  responses: {
    200: jsonContent(PartnerOrderListSchema, 'One page'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});

export const getOrder = createRoute({
  operationId: 'partnerGetOrder',
  method: 'get',
  path: '/partner/orders/{reference}',
  tags,
  summary: 'One order booked through the partner, by its reference',
  security,
  middleware: [requirePartner] as const,
  request: { params: ReferenceParamsSchema },
  responses: {
    200: jsonContent(PartnerOrderSchema, 'The order'),
    ...pickProblems(400, 401, 403, 404, 422, 429),
  },
});

export const uploadImage = createRoute({
  operationId: 'partnerUploadImage',
  method: 'post',
  path: '/partner/uploads',
  tags,
  summary: 'Upload an image for the partner (PNG, JPEG or WebP, at most 5 MB); answers its URL',
  description:
    'A damage claim’s photos and proof of value, from a server with only a secret key: ' +
    'POST /partner/orders/{id}/claims takes the url. The checks of POST /uploads (the type from the ' +
    'file’s content); the upload is the partner’s, and the partner may upload at most 50 files or ' +
    `100 MB in 24 hours, whichever of its keys and people send them.${WHO}`,
  security,
  middleware: [requirePartner, uploadBodyLimit, multipartHygiene] as const,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: UploadBodySchema } } },
  },
  responses: {
    201: jsonContent(UploadResultSchema, 'Stored'),
    ...pickProblems(400, 401, 403, 413, 415, 422, 429),
  },
});
