import { z } from '@hono/zod-openapi';
import { BATCH_ROW_STATUSES, BATCH_RULES } from '../../db/schema';
import { BATCH_COLUMNS } from './batch-row';
import { MAX_BATCH_ROWS } from './batches.service';

const RuleSchema = z.enum(BATCH_RULES, { error: `Choose a rule: ${BATCH_RULES.join(', ')}` }).openapi({
  description:
    'How each row gets its option: the cheapest, the fastest, or the preferred courier (cheapest of its services) with a fallback rule for rows it cannot carry',
});
const FallbackSchema = z.enum(['cheapest', 'fastest'], { error: 'Choose a fallback: cheapest or fastest' });
const NameSchema = z.string().trim().max(80, 'At most 80 characters').optional();

/** The batch's settings; for a CSV upload they are the query string. */
export const BatchSettingsQuerySchema = z.object({
  name: NameSchema.openapi({ example: 'Monday dispatch' }),
  rule: RuleSchema.default('cheapest'),
  preferredCourier: z.string().trim().max(120).optional().openapi({ description: "A courier's name or id" }),
  fallback: FallbackSchema.default('cheapest'),
});

const cellValue = z.union([z.string(), z.number()]);
export const BatchRowCellsSchema = z
  .object(
    Object.fromEntries(BATCH_COLUMNS.map((c) => [c, cellValue.optional()])) as Record<
      (typeof BATCH_COLUMNS)[number],
      z.ZodOptional<typeof cellValue>
    >,
  )
  .openapi('BatchRowCells', {
    description: 'A row as the CSV columns name it (docs/batches.md); every cell is text or a number',
  });

export const CreateBatchSchema = z
  .strictObject({
    name: NameSchema,
    rule: RuleSchema.default('cheapest'),
    preferredCourier: z.string().trim().max(120).optional(),
    fallback: FallbackSchema.default('cheapest'),
    rows: z
      .array(BatchRowCellsSchema, { error: 'rows must be a list of rows' })
      .min(1, 'The batch has no rows')
      .max(MAX_BATCH_ROWS, `At most ${MAX_BATCH_ROWS} rows a batch`),
  })
  .openapi('CreateBatch');

export const FixBatchRowSchema = z
  .strictObject({ cells: BatchRowCellsSchema })
  .openapi('FixBatchRow', { description: 'The cells to change; an empty string clears one' });

const ChoiceSchema = z
  .object({
    courierServiceId: z.string(),
    serviceName: z.string(),
    vendorId: z.string(),
    vendorName: z.string(),
    currency: z.string(),
    net: z.number().int(),
    vat: z.number().int(),
    coverFee: z.number().int(),
    total: z.number().int().openapi({ description: 'Minor units: what the row costs' }),
    estimatedDelivery: z.string().openapi({ format: 'date' }),
    by: z.enum(['cheapest', 'fastest', 'preferred', 'fallback', 'service', 'courier']),
    note: z.string().nullable(),
  })
  .openapi('BatchRowChoice');

export const BatchRowSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    line: z.number().int().nullable().openapi({ description: 'The CSV line (the header is line 1)' }),
    status: z.enum(BATCH_ROW_STATUSES),
    cells: z.record(z.string(), z.string()),
    errors: z.array(z.object({ path: z.string(), column: z.string().nullable(), message: z.string() })),
    choice: ChoiceSchema.nullable(),
    amount: z.number().int().nullable(),
    orderId: z.string().nullable(),
    order: z
      .object({
        id: z.string(),
        reference: z.string().openapi({ example: '#1a2b3c4d' }),
        status: z.string(),
        trackingCode: z.string().nullable().openapi({ description: 'The code /track accepts' }),
        trackingNumber: z.string().nullable(),
        trackingUrl: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'The order the row became, once booked' }),
    failure: z
      .string()
      .nullable()
      .openapi({ description: 'Why booking the paid row failed (its amount is refunded)' }),
  })
  .openapi('BatchRow');

const counts = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  dropped: z.number().int(),
  paid: z.number().int(),
  booked: z.number().int(),
  failed: z.number().int(),
});

export const BatchSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(['csv', 'json']),
    rule: z.enum(BATCH_RULES),
    preferredCourier: z.string().nullable(),
    fallback: z.enum(['cheapest', 'fastest']),
    createdAt: z.string().openapi({ format: 'date-time' }),
    counts,
    payable: z.object({ amount: z.number().int(), currency: z.string() }).openapi({
      description: "What paying now would cost: the valid rows' totals",
    }),
  })
  .openapi('BatchSummary');

export const BatchReceiptSchema = z
  .object({
    number: z.string().openapi({ example: 'R-000123' }),
    amount: z.number().int().openapi({ description: 'Minor units: what the payment took' }),
    currency: z.string(),
    issuedAt: z.string().openapi({ format: 'date-time' }),
    rows: z.number().int().openapi({ description: 'How many rows the payment paid for' }),
  })
  .openapi('BatchReceipt');

export const BatchSchema = BatchSummarySchema.extend({
  rows: z.array(BatchRowSchema),
  receipts: z.array(BatchReceiptSchema).openapi({
    description:
      'The VAT receipt of each payment of the batch, oldest first (`GET /batches/{id}/receipt.pdf?number=`)',
  }),
}).openapi('Batch');

export const BatchReceiptQuerySchema = z.object({
  number: z.string().optional().openapi({
    description: 'Which of the batch’s receipts (`R-000123`); by default its latest',
    example: 'R-000123',
  }),
});
export const BatchListSchema = z.object({ items: z.array(BatchSummarySchema) }).openapi('BatchList');

export const BatchIdParamsSchema = z.object({ id: z.string().min(1) });
export const BatchRowParamsSchema = z.object({ id: z.string().min(1), rowId: z.string().min(1) });
