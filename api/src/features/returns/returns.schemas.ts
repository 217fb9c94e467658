import {
  MAX_RETURN_WINDOW_DAYS,
  MIN_RETURN_WINDOW_DAYS,
  RETURN_PAYERS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
} from '@consign/shared/returns';
import { z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../db/schema';
import { MoneySchema } from '../../lib/openapi';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { QuoteSchema } from '../quotes';

const ReasonSchema = z
  .enum(RETURN_REASONS, { error: `Choose a reason: ${RETURN_REASONS.join(', ')}` })
  .openapi('ReturnReason', {
    description: Object.entries(RETURN_REASON_LABELS)
      .map(([k, v]) => `\`${k}\`: ${v}`)
      .join('; '),
  });

export const StartReturnBodySchema = z
  .strictObject({
    trackingCode: z
      .string({ error: 'Enter the tracking code' })
      .trim()
      .min(1, 'Enter the tracking code')
      .max(40, 'A tracking code is 12 characters')
      .openapi({ example: 'ABCD-EFGH-2345', description: 'The code the tracking page (/track) takes' }),
    postcode: z
      .string({ error: 'Enter the delivery postcode' })
      .trim()
      .min(1, 'Enter the delivery postcode')
      .max(16, 'A postcode is at most 8 characters')
      .openapi({ example: 'EH1 1AA', description: 'Where the parcel was delivered (any case and spacing)' }),
    reason: ReasonSchema,
  })
  .openapi('StartReturnBody');

const PlaceSchema = z.object({ town: z.string(), postcodeDistrict: z.string().nullable() });

export const ReturnPolicySchema = z
  .object({
    windowDays: z.number().int(),
    reasons: z.array(ReasonSchema),
    payer: z
      .enum(RETURN_PAYERS)
      .openapi({ description: 'Who pays for the return: the shopper, or the partner' }),
    isDefault: z.boolean().openapi({ description: 'Consign’s default policy (no partner policy applies)' }),
    suspendedUntilPaid: z.boolean().openapi({
      description:
        'The partner pays for returns but has one unpaid for longer than 14 days: until it pays, its shoppers ' +
        'pay for new returns (a return draft then says `payer: shopper`)',
    }),
  })
  .openapi('ReturnPolicy');

export const ReturnDraftSchema = z
  .object({
    draft: z.string().openapi({ description: 'Pass it to POST /returns/book with the option chosen' }),
    expiresAt: z.iso.datetime().openapi({ description: 'When the draft (and its quote’s prices) expire' }),
    reason: ReasonSchema,
    original: z.object({
      reference: z.string(),
      deliveredAt: z.iso.datetime(),
      courier: z.string(),
      /** The return's route: from where the original was delivered, back to where it came from. */
      from: PlaceSchema,
      to: PlaceSchema,
    }),
    policy: ReturnPolicySchema,
    windowEndsAt: z.iso.datetime(),
    quote: QuoteSchema,
  })
  .openapi('ReturnDraft');

export const BookReturnBodySchema = z
  .strictObject({
    draft: z.string({ error: 'Start the return again' }).min(1, 'Start the return again').max(2000),
    quoteOptionId: z
      .string({ error: 'Choose one of the quoted options' })
      .min(1, 'Choose one of the quoted options'),
    collectionDate: z
      .string({ error: 'Choose a collection date' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Collection date must be a date such as 2026-05-01'),
  })
  .openapi('BookReturnBody');

export const ReturnSchema = z
  .object({
    id: z.string(),
    originalOrderId: z.string(),
    originalReference: z.string(),
    returnOrderId: z.string(),
    returnReference: z.string(),
    reason: ReasonSchema,
    payer: z.enum(RETURN_PAYERS),
    status: z.enum(ORDER_STATUSES).openapi({ description: 'The return order’s status' }),
    price: MoneySchema.openapi({ description: 'The return order’s total (paid by `payer`)' }),
    partnerPayment: z
      .enum(['owed', 'paid', 'not_owed'])
      .nullable()
      .openapi({
        description:
          'For a return the partner pays: `owed` until the partner pays it (POST /partner/returns/payment), ' +
          '`paid` once it has, `not_owed` when it was cancelled before being paid. Null when the shopper pays.',
      }),
    createdAt: z.iso.datetime(),
  })
  .openapi('Return');

export const ReturnListSchema = z
  .object({
    items: z.array(ReturnSchema).openapi({ description: 'Newest first' }),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `cursor` for the next page; null on the last' }),
  })
  .openapi('ReturnList');

export const ReturnListQuerySchema = z.object({ limit: limitQuery, cursor: cursorQuery() });

export const ReturnPolicyBodySchema = z
  .strictObject({
    windowDays: z
      .number({ error: 'Enter the number of days' })
      .int('Enter a whole number of days')
      .min(MIN_RETURN_WINDOW_DAYS, `At least ${MIN_RETURN_WINDOW_DAYS} day`)
      .max(MAX_RETURN_WINDOW_DAYS, `At most ${MAX_RETURN_WINDOW_DAYS} days`),
    reasons: z
      .array(ReasonSchema, { error: 'Choose the reasons you accept' })
      .min(1, 'Offer at least one reason')
      .refine((r) => new Set(r).size === r.length, 'Each reason once'),
    payer: z.enum(RETURN_PAYERS, { error: 'Choose who pays: shopper or partner' }),
  })
  .openapi('ReturnPolicyBody');

const OwedReturnSchema = z.object({
  returnOrderId: z.string(),
  returnReference: z.string(),
  originalReference: z.string(),
  reason: ReasonSchema,
  status: z.enum(ORDER_STATUSES).openapi({ description: 'The return order’s status' }),
  courier: z.string(),
  price: MoneySchema,
  createdAt: z.iso.datetime(),
});

export const OwedReturnsSchema = z
  .object({
    count: z.number().int(),
    total: MoneySchema.openapi({ description: 'What one payment of everything owed takes' }),
    dueBy: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'When the oldest owed return is due: 14 days after its booking' }),
    overdue: z.boolean().openapi({
      description: 'Past `dueBy`: the partner’s shoppers pay for new returns until it pays',
    }),
    items: z.array(OwedReturnSchema).openapi({ description: 'The owed returns, oldest first' }),
  })
  .openapi('OwedReturns');

export const ReturnChargeSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    status: z.enum(['open', 'paid', 'void']),
    amount: MoneySchema,
    returnCount: z.number().int(),
    returnReferences: z.array(z.string()),
    paidAt: z.iso.datetime().nullable(),
    receiptNumber: z.string().nullable().openapi({ example: 'R-000123' }),
  })
  .openapi('ReturnCharge');

export const ReturnsPaymentCapturedSchema = z
  .object({
    charge: ReturnChargeSchema.openapi({ description: 'The payment taken (or held for review)' }),
    owed: OwedReturnsSchema.openapi({ description: 'What is owed after it' }),
  })
  .openapi('ReturnsPaymentCaptured');
