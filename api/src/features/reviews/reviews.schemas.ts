import { z } from '@hono/zod-openapi';
import { CourierRecordSchema } from '../couriers';

/** 30 days from the first review: long enough to see how the parcel fared, short enough to settle. */
export const REVIEW_EDIT_WINDOW_DAYS = 30;
export const MAX_COMMENT = 2000;
export const MAX_REPLY = 2000;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

export const ReviewBodySchema = z
  .strictObject({
    rating: z
      .number({ error: (i) => (i.input === undefined ? 'Rating is required' : 'Rating must be a number') })
      .int('Rating must be a whole number from 1 to 5')
      .min(1, 'Rating must be from 1 to 5')
      .max(5, 'Rating must be from 1 to 5')
      .openapi({ example: 5 }),
    comment: text('Comment', MAX_COMMENT)
      .nullable()
      .optional()
      .openapi({ example: 'Collected on time and arrived the next morning.' }),
  })
  .openapi('ReviewBody', { description: 'A score of 1 to 5 and an optional comment' });

export const ReplyBodySchema = z
  .strictObject({
    reply: text('Reply', MAX_REPLY)
      .min(1, 'Write a reply')
      .openapi({ example: 'Thank you for choosing us!' }),
  })
  .openapi('ReviewReplyBody');

const ReplySchema = z
  .object({ text: z.string(), at: z.string().openapi({ format: 'date-time' }) })
  .openapi('ReviewReply');

/** A review as its author and its courier see it: the comment even when staff hid it publicly. */
export const ReviewSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    courierService: z.object({ id: z.string(), name: z.string() }),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    authorName: z.string().openapi({ description: "The customer's first name, as shown publicly" }),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
    editableUntil: z.string().openapi({ format: 'date-time' }),
    reply: ReplySchema.nullable(),
    hidden: z
      .boolean()
      .openapi({ description: 'Staff hid the comment from the public profile; the score counts' }),
  })
  .openapi('Review');

export const OrderReviewSchema = z
  .object({
    orderId: z.string(),
    canReview: z
      .boolean()
      .openapi({ description: 'The order is delivered and a review may be written or edited now' }),
    review: ReviewSchema.nullable(),
  })
  .openapi('OrderReview');

export const ReviewIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const VendorReviewListSchema = z
  .object({ items: z.array(ReviewSchema) })
  .openapi('VendorReviewList', { description: 'The newest 100' });

const ServiceRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
const ServiceOnTimeSchema = z.object({ share: z.number().nullable(), delivered: z.number().int() });

/** A review as anyone may read it on the courier's profile. */
export const PublicReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    comment: z.string().nullable().openapi({ description: 'Null when there is none or staff hid it' }),
    hidden: z.boolean().openapi({ description: 'Staff hid the comment: show "Hidden by Consign"' }),
    authorName: z.string(),
    serviceName: z.string(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    reply: ReplySchema.nullable(),
  })
  .openapi('PublicReview');

export const CourierProfileSchema = z
  .object({
    id: z.string(),
    slug: z.string().nullable(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    city: z.string().nullable(),
    memberSince: z.string().openapi({ format: 'date-time' }),
    rating: ServiceRatingSchema,
    onTime: ServiceOnTimeSchema,
    record: CourierRecordSchema,
    services: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        serviceType: z.enum(['domestic', 'international', 'same_day']),
        transitDays: z.number().int(),
        rating: ServiceRatingSchema,
        onTime: ServiceOnTimeSchema,
      }),
    ),
    reviews: z.array(PublicReviewSchema).openapi({ description: 'The newest 20' }),
  })
  .openapi('CourierProfile', {
    description:
      'Rating average null below 3 reviews; on-time share (delivered by the date promised at booking, ' +
      'last 90 days) null below 5 delivered orders',
  });

export const CourierSlugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(80)
    .openapi({
      param: { name: 'slug', in: 'path' },
      example: 'swift-couriers',
      description: "The courier's slug, or its id",
    }),
});

export const ReviewSummarySchema = z
  .object({
    count: z.number().int().openapi({ description: 'Reviews of delivered orders on Consign' }),
    average: z.number().nullable().openapi({ description: 'To one decimal; null below 3 reviews' }),
  })
  .openapi('ReviewSummary', { description: 'The figures the marketing pages quote' });
