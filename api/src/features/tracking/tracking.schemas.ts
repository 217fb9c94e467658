import { z } from '@hono/zod-openapi';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { nullableRef } from '../../lib/openapi';
import { LossClaimOfferSchema } from '../claims';
import { OrderDropOffPointSchema } from '../dropoff-points';
import { DeliveryRoundFields, OrderStatusSchema, TrackingEventKindSchema } from '../orders';

export const TrackingCodeParamsSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: 'code', in: 'path' },
      example: 'K7P3XQ9MHT2W',
      description: 'The public tracking code, in any case, with or without spaces or hyphens',
    }),
});

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .min(1, 'The link is incomplete: it has no token')
    .max(128)
    .openapi({
      param: { name: 'token', in: 'query' },
      description: 'From the link in the recipient’s email',
    }),
});

const PlaceSchema = z
  .object({
    town: z.string().openapi({ example: 'Edinburgh' }),
    postcodeDistrict: z
      .string()
      .nullable()
      .openapi({ example: 'EH1', description: 'The outward code only; null outside the UK' }),
    country: z.string().openapi({ example: 'GB', description: 'ISO 3166-1 alpha-2' }),
  })
  .openapi('TrackingPlace', { description: 'A post town and postcode district: never a street or a name' });

export const TrackingEntrySchema = z
  .object({
    at: z.iso.datetime(),
    status: OrderStatusSchema.openapi({ description: 'The order’s status after this entry' }),
    event: nullableRef(TrackingEventKindSchema).openapi({
      description: 'The tracking event, or null for a status change',
    }),
    ...DeliveryRoundFields,
    description: z
      .string()
      .openapi({ example: 'Out for delivery: the driver has the parcel on today’s round' }),
  })
  .openapi('TrackingEntry');

export const TrackingSchema = z
  .object({
    code: z.string().openapi({ example: 'K7P3XQ9MHT2W' }),
    status: OrderStatusSchema,
    timeline: z.array(TrackingEntrySchema).openapi({ description: 'Oldest first' }),
    promisedDelivery: z.string().nullable().openapi({
      description: 'YYYY-MM-DD: the courier’s revised date after a delay, else the date promised at booking',
    }),
    delayed: z.boolean().openapi({ description: 'The courier moved the promised date' }),
    collectionDate: z.string(),
    courier: z.object({
      name: z.string(),
      website: z
        .string()
        .nullable()
        .openapi({ description: 'Where the courier takes questions, when it gave one' }),
    }),
    service: z.object({ name: z.string(), type: z.enum(SERVICE_TYPE_VALUES) }),
    origin: PlaceSchema,
    destination: PlaceSchema,
    dropOffPoint: nullableRef(OrderDropOffPointSchema).openapi({
      description:
        'Where the parcel is handed over, when it is not collected: a shop’s address and hours, never the sender’s',
    }),
    lossClaim: LossClaimOfferSchema.openapi({
      description:
        'Whether the parcel looks lost (a tracking exception, or no scan for days) and its customer may claim for it at ' +
        'once, as GET /orders/{id}/loss-claim-offer answers it; only the customer can claim',
    }),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Tracking', {
    description:
      'A parcel’s progress for anyone with its code: no names, street lines, emails or phone numbers',
  });

export const UnsubscribedSchema = z.object({ unsubscribed: z.literal(true) }).openapi('TrackingUnsubscribed');

export const OwnLossClaimOfferSchema = LossClaimOfferSchema.extend({
  orderId: z.string().openapi({ description: 'The caller’s order with this tracking code' }),
}).openapi('OwnLossClaimOffer');
