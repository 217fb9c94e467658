import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { optionalAuth } from './optional-auth';
import { anonymousQuoteLimit } from './quote-limit';
import {
  DeliveryDateParamsSchema,
  DeliveryDateQuerySchema,
  DeliveryDateSchema,
  QuoteIdParamsSchema,
  QuoteLimitsSchema,
  QuoteRequestSchema,
  QuoteSchema,
} from './quotes.schemas';

const tags = ['Quotes'];

/** No token needed; a signed-in caller's quotes are recorded as theirs. */
const optionalBearer: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

export const createQuote = createRoute({
  operationId: 'createQuote',
  method: 'post',
  path: '/quotes',
  tags,
  summary: 'Price a consignment with every active courier service that can carry it',
  description:
    'Options come cheapest first, the cheapest and fastest marked. The quote and its prices are ' +
    'stored for 30 minutes: a booking names an option and pays the stored price. Anyone may ask; ' +
    'a bearer token, when sent, must be valid. Partner widgets send `X-Publishable-Key` from an allowed ' +
    'origin (401 for an unknown, expired or disabled key, 403 for another origin, 429 over its rate limit); ' +
    'the quote then carries the partner. Without a key, quotes are limited per client address ' +
    '(QUOTE_LIMIT_PER_MINUTE, 120 a minute by default): 429 with `Retry-After` over it.',
  security: optionalBearer,
  middleware: [optionalAuth, anonymousQuoteLimit] as const,
  request: { body: jsonBody(QuoteRequestSchema) },
  responses: {
    201: jsonContent(QuoteSchema, 'The stored quote'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});

export const getQuote = createRoute({
  operationId: 'getQuote',
  method: 'get',
  path: '/quotes/{id}',
  tags,
  summary: 'A stored quote; an expired one is still readable, marked expired',
  request: { params: QuoteIdParamsSchema },
  responses: {
    200: jsonContent(QuoteSchema, 'The quote'),
    ...pickProblems(404),
  },
});

export const getDeliveryDate = createRoute({
  operationId: 'getQuoteOptionDeliveryDate',
  method: 'get',
  path: '/quotes/{id}/options/{optionId}/delivery-date',
  tags,
  summary: 'The estimated delivery of an option for another collection date',
  description:
    "The booking form asks this whenever the collection date changes: the option's transit working " +
    'days from that day, weekends and England & Wales bank holidays skipped; same day only before ' +
    'the 14:00 cut-off when collected today. Booking the option stores the same date.',
  request: { params: DeliveryDateParamsSchema, query: DeliveryDateQuerySchema },
  responses: {
    200: jsonContent(DeliveryDateSchema, 'The dates'),
    ...pickProblems(404, 422),
  },
});

export const getQuoteLimits = createRoute({
  operationId: 'getQuoteLimits',
  method: 'get',
  path: '/quotes/limits',
  tags,
  summary: 'The heaviest parcel any active courier service takes, overall and per service type',
  description:
    'The quote forms let a parcel weigh up to this. It changes as couriers change their services: ' +
    'cacheable for a minute.',
  responses: {
    200: {
      ...jsonContent(QuoteLimitsSchema, 'The limits'),
      headers: { 'Cache-Control': { schema: { type: 'string', example: 'public, max-age=60' } } },
    },
  },
});
