import { z } from '@hono/zod-openapi';
import { ADJUSTMENT_STATUSES } from '../../domain/statuses';
import { MoneySchema } from '../../lib/openapi';
import { PaymentSessionSchema } from '../orders';
import { MAX_PARCELS, ParcelSchema } from '../quotes';
import { ImageUploadPathSchema } from '../uploads';

const measuredParcels = z
  .array(ParcelSchema, { error: 'parcels must be a list of parcels' })
  .min(1, 'Give the measured figures of each parcel')
  .max(MAX_PARCELS, `At most ${MAX_PARCELS} parcels`)
  .openapi({ description: 'Each booked parcel as measured (cm, kg), in the order booked' });

export const AdjustmentPreviewBodySchema = z
  .strictObject({ parcels: measuredParcels })
  .openapi('AdjustmentPreviewBody');

export const FileAdjustmentBodySchema = z
  .strictObject({
    parcels: measuredParcels,
    photos: z
      .array(ImageUploadPathSchema)
      .min(1, 'Add a photo of the parcel on the scales or against the measure')
      .max(5, 'at most 5 photos')
      .openapi({ description: 'Uploads (POST /uploads) showing the measurement' }),
    note: z.string().trim().max(1000, 'At most 1000 characters').optional(),
  })
  .openapi('FileAdjustmentBody');

export const DisputeAdjustmentBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'Say why you dispute it' })
      .trim()
      .min(10, 'Say why you dispute it in at least 10 characters')
      .max(2000, 'At most 2000 characters'),
  })
  .openapi('DisputeAdjustmentBody');

export const AdjustmentDecisionBodySchema = z
  .strictObject({
    decision: z.enum(['uphold', 'overturn'], { error: 'Choose uphold or overturn' }).openapi({
      description: 'uphold: the customer owes the difference; overturn: nothing is charged',
    }),
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .openapi('AdjustmentDecision');

const MeasuredParcelSchema = z.object({
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
});

export const AdjustmentPreviewSchema = z
  .object({
    bookedChargeableKg: z.number(),
    measuredChargeableKg: z.number(),
    bookedPrice: MoneySchema.openapi({ description: 'What the customer paid for carriage (with VAT)' }),
    adjustedPrice: MoneySchema.openapi({ description: 'The carriage price with the parcels as measured' }),
    difference: MoneySchema.openapi({ description: 'What the customer would owe' }),
    deadline: z.iso.datetime().nullable().openapi({ description: 'The last moment to file it' }),
  })
  .openapi('AdjustmentPreview');

export const AdjustmentSchema = z
  .object({
    id: z.string(),
    reference: z.string().openapi({ example: '#1a2b3c4d' }),
    orderId: z.string(),
    orderReference: z.string(),
    status: z.enum(ADJUSTMENT_STATUSES),
    bookedParcels: z.array(MeasuredParcelSchema),
    measuredParcels: z.array(MeasuredParcelSchema),
    bookedChargeableKg: z.number(),
    measuredChargeableKg: z.number(),
    photos: z.array(z.string()),
    note: z.string().nullable(),
    bookedPrice: MoneySchema,
    adjustedPrice: MoneySchema,
    difference: MoneySchema,
    disputeReason: z.string().nullable(),
    disputedAt: z.iso.datetime().nullable(),
    staffNote: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    acceptedAt: z.iso.datetime().nullable(),
    paidAt: z.iso.datetime().nullable(),
    payable: z.boolean().openapi({ description: 'Accepted or upheld, not yet paid: the customer owes it' }),
    final: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Adjustment');

export const AdjustmentListSchema = z.object({ items: z.array(AdjustmentSchema) }).openapi('AdjustmentList');

export const AdjustmentPaymentSchema = z
  .object({ adjustment: AdjustmentSchema, payment: PaymentSessionSchema })
  .openapi('AdjustmentPayment');

const idParam = (name: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name, in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' });

export const OrderAdjustmentParamsSchema = z.object({
  id: idParam('id'),
  adjustmentId: idParam('adjustmentId'),
});
export const AdjustmentIdParamsSchema = z.object({ id: idParam('id') });
