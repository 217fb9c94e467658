import { z } from '@hono/zod-openapi';
import { CLAIM_KINDS, CLAIM_STATUSES } from '../../domain/statuses';
import { MoneySchema } from '../../lib/openapi';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { ImageUploadPathSchema, UploadPathSchema } from '../uploads';

const uploadList = (item: typeof UploadPathSchema, max: number, description: string) =>
  z.array(item).max(max, `at most ${max} files`).default([]).openapi({ description });

export const FileClaimBodySchema = z
  .strictObject({
    kind: z.enum(CLAIM_KINDS, { error: 'Choose loss or damage' }),
    description: z
      .string({ error: 'Describe what happened' })
      .trim()
      .min(10, 'Describe what happened in at least 10 characters')
      .max(2000, 'At most 2000 characters'),
    amountClaimed: z
      .number({ error: 'Enter the amount you claim' })
      .int('must be a whole number of pence')
      .min(1, 'must be at least 1')
      .openapi({ description: 'Minor units of the order’s currency; at most the claim’s cap' }),
    photos: uploadList(
      ImageUploadPathSchema,
      10,
      'Images of the parcel and contents; a damage claim needs at least one',
    ),
    proofOfValue: uploadList(
      UploadPathSchema,
      5,
      'An invoice or receipt showing the goods’ value: a PDF or an image',
    ),
  })
  .openapi('FileClaimBody');

export const CourierAnswerBodySchema = z
  .strictObject({
    decision: z.enum(['accept', 'part_accept', 'reject'], { error: 'Choose accept, part_accept or reject' }),
    amount: z
      .number()
      .int('must be a whole number of pence')
      .optional()
      .openapi({ description: 'With part_accept: what the courier agrees to pay, less than claimed' }),
    note: z
      .string({ error: 'Give your answer' })
      .trim()
      .min(1, 'Give your answer')
      .max(2000, 'At most 2000 characters'),
    evidence: uploadList(
      ImageUploadPathSchema,
      10,
      'Your evidence, as images: proof of delivery, photos at collection',
    ),
  })
  .openapi('CourierClaimAnswer');

export const StaffDecisionBodySchema = z
  .strictObject({
    decision: z.enum(['accept', 'part_accept', 'reject'], { error: 'Choose accept, part_accept or reject' }),
    amount: z.number().int('must be a whole number of pence').optional().openapi({
      description: 'With part_accept: the amount to pay, less than claimed',
    }),
    bearer: z
      .enum(['courier', 'platform'])
      .optional()
      .openapi({ description: 'Who pays an accepted claim: the courier’s earnings or the platform' }),
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .openapi('StaffClaimDecision');

export const CLAIM_PAYOUT_STATES = ['awaiting_email', 'queued', 'pending', 'paid', 'failed'] as const;
export type ClaimPayoutState = (typeof CLAIM_PAYOUT_STATES)[number];

export const ClaimPaymentSchema = z
  .object({
    refund: MoneySchema.openapi({
      description: 'Refunded to the order’s payment: at most what was left of it',
    }),
    refunded: z.boolean().openapi({ description: 'Whether the refund part is done' }),
    payout: MoneySchema.openapi({ description: 'The rest, paid by PayPal payout to the customer (0: none)' }),
    payoutEmail: z.string().nullable().openapi({
      description: 'The PayPal email the customer gave; null to the courier and the partner',
    }),
    payoutStatus: z.enum(CLAIM_PAYOUT_STATES).nullable().openapi({
      description:
        'awaiting_email until the customer gives one (PUT /claims/{id}/payout-receiver), then queued, pending at PayPal, paid or failed; null without a payout part',
    }),
    payoutFailure: z.string().nullable().openapi({ description: 'PayPal’s reason when the payout failed' }),
  })
  .openapi('ClaimPayment');

export const PayoutReceiverBodySchema = z
  .strictObject({
    email: z
      .email({ error: 'Enter the email address of your PayPal account' })
      .max(127, 'PayPal takes addresses of at most 127 characters')
      .openapi({ example: 'me@example.com' }),
  })
  .openapi('ClaimPayoutReceiver');

export const ClaimSchema = z
  .object({
    id: z.string(),
    reference: z.string().openapi({ example: '#1a2b3c4d' }),
    orderId: z.string(),
    orderReference: z.string(),
    kind: z.enum(CLAIM_KINDS),
    status: z.enum(CLAIM_STATUSES),
    description: z.string(),
    photos: z.array(z.string()),
    proofOfValue: z.array(z.string()),
    amountClaimed: MoneySchema,
    cap: MoneySchema.openapi({ description: 'The most this claim could ask for when filed' }),
    amountAgreed: MoneySchema.nullable(),
    bearer: z.enum(['courier', 'platform']).nullable(),
    courierNote: z.string().nullable(),
    courierEvidence: z.array(z.string()),
    respondedAt: z.iso.datetime().nullable(),
    courierDeadline: z.iso.datetime().nullable(),
    staffNote: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    decidedByStaff: z.boolean(),
    awaitsStaff: z
      .boolean()
      .openapi({ description: 'Escalated, or rejected by the courier and not yet reviewed' }),
    final: z.boolean(),
    payment: ClaimPaymentSchema.nullable().openapi({
      description: 'How the agreed amount is paid, once fixed (when the claim is accepted); null before',
    }),
    paidAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Claim');

export const ClaimListSchema = z.object({ items: z.array(ClaimSchema) }).openapi('ClaimList');

export const ClaimListQuerySchema = z.object({
  orderId: z.string().max(64).optional().openapi({ description: 'Only this order’s claims' }),
});

export const ClaimIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' }),
});

export const PartnerClaimListSchema = z
  .object({ data: z.array(ClaimSchema), nextCursor: z.string().nullable() })
  .openapi('PartnerClaimList');

export const PartnerClaimsQuerySchema = z.object({
  cursor: cursorQuery(),
  limit: limitQuery,
  orderId: z.string().max(64).optional().openapi({ description: 'Only this order’s claims (its id)' }),
});

export const PartnerOrderParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: 'id', in: 'path' },
      description: 'The order’s id (as webhooks send it) or its reference (`#1a2b3c4d` or `1a2b3c4d`)',
      example: '1a2b3c4d',
    }),
});

export const LossClaimOfferSchema = z
  .object({
    offered: z.boolean().openapi({ description: 'Whether the customer is offered a loss claim now' }),
    reason: z
      .enum(['exception', 'no_scan'])
      .nullable()
      .openapi({ description: 'A tracking exception, or no scan for LOSS_CLAIM_NO_SCAN_WORKING_DAYS' }),
    since: z.iso.datetime().nullable().openapi({ description: 'The latest tracking entry' }),
  })
  .openapi('LossClaimOffer');
