import { z } from '@hono/zod-openapi';
import { CURRENCIES } from '../../domain/currency';
import { PAYOUT_BATCH_STATUSES, PAYOUT_ITEM_STATUSES } from '../../domain/finance';
import { raListQuery } from '../../lib/ra-list';

export const PayoutAccountSchema = z
  .object({
    paypalEmail: z.string().nullable().openapi({ description: 'The confirmed address payouts go to' }),
    verifiedAt: z.string().nullable(),
    pendingEmail: z.string().nullable().openapi({ description: 'An address waiting for its mailed code' }),
    codeExpiresAt: z.string().nullable(),
  })
  .openapi('PayoutAccount');

export const PayoutAccountBodySchema = z
  .strictObject({
    paypalEmail: z
      .email({ error: 'Enter the email address of your PayPal account' })
      .max(127, 'PayPal takes addresses of at most 127 characters'),
  })
  .openapi('PayoutAccountUpdate');

export const PayoutCodeBodySchema = z
  .strictObject({
    code: z
      .string({ error: 'Enter the 6-digit code' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  })
  .openapi('PayoutAccountVerify');

const money = { amount: z.number().int(), currency: z.enum(CURRENCIES) };

export const VendorPayoutSchema = z
  .object({
    id: z.string(),
    ...money,
    status: z.enum(PAYOUT_ITEM_STATUSES),
    receiver: z.string(),
    reason: z.string().nullable().openapi({ description: 'Why it came back, when it did' }),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .openapi('VendorPayout');

export const VendorPayoutListSchema = z
  .object({ items: z.array(VendorPayoutSchema) })
  .openapi('VendorPayoutList');

export const PayoutItemSchema = VendorPayoutSchema.extend({
  vendorId: z.string(),
  vendorName: z.string().nullable(),
  providerStatus: z.string().nullable().openapi({ description: 'PayPal’s transaction_status as last seen' }),
  providerItemId: z.string().nullable(),
  transactionId: z.string().nullable(),
}).openapi('PayoutItem');

export const PayoutBatchSchema = z
  .object({
    id: z.string().openapi({ description: 'Also PayPal’s sender_batch_id' }),
    status: z.enum(PAYOUT_BATCH_STATUSES),
    provider: z.enum(['test', 'paypal']),
    providerBatchId: z.string().nullable(),
    trigger: z.enum(['staff', 'schedule']),
    itemCount: z.number().int(),
    totals: z.array(z.object(money)).openapi({ description: 'What the batch pays, per currency' }),
    paid: z.number().int().openapi({ description: 'Items paid' }),
    returned: z.number().int().openapi({ description: 'Items back in the balance' }),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    closedAt: z.string().nullable(),
  })
  .openapi('PayoutBatch');

export const PayoutBatchDetailSchema = PayoutBatchSchema.extend({
  items: z.array(PayoutItemSchema),
}).openapi('PayoutBatchDetail');

export const PayoutRunBodySchema = z
  .strictObject({
    vendorIds: z
      .array(z.string().min(1).max(64))
      .min(1, 'Name at least one courier, or leave vendorIds out to pay everyone due')
      .max(1000)
      .optional()
      .openapi({ description: 'Only these couriers; everyone due when absent' }),
  })
  .openapi('PayoutRunRequest');

export const PayoutRunSchema = z
  .object({
    batch: PayoutBatchDetailSchema.nullable().openapi({ description: 'Null when nobody was due a payout' }),
    resumed: z.number().int().openapi({ description: 'Earlier batches finished first' }),
  })
  .openapi('PayoutRun');

export const PAYOUT_SORT_FIELDS = ['createdAt', 'status', 'id'] as const;

export const PayoutListQuerySchema = raListQuery({
  sortFields: PAYOUT_SORT_FIELDS,
  filter: z
    .strictObject({
      status: z.enum(PAYOUT_BATCH_STATUSES).optional(),
      vendorId: z.string().max(64).optional().openapi({ description: 'Batches that pay this courier' }),
      id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
    })
    .openapi({ description: 'Filters of the payout list' }),
});
