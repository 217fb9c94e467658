import { z } from '@hono/zod-openapi';
import { CURRENCIES } from '../../domain/currency';
import { LEDGER_KINDS, REFUND_BEARERS, STATEMENT_MONTH_PATTERN } from '../../domain/finance';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { VendorPayoutSchema } from '../payouts';

const currency = z.enum(CURRENCIES);
const currencyQuery = currency.optional().openapi({
  param: { name: 'currency', in: 'query' },
  description: 'Default: the currency last earned in, else GBP',
});

export const CurrencyQuerySchema = z.object({ currency: currencyQuery });

export const VendorBalanceSchema = z
  .object({
    currency,
    pending: z.number().int().openapi({
      description: 'Earned on orders not released yet: not delivered, or delivered within PAYOUT_HOLD_DAYS',
    }),
    available: z.number().int().openapi({
      description: 'What the next payout would pay; below zero after a refund larger than what was left',
    }),
    paidOut: z.number().int().openapi({ description: 'Paid out so far, less payouts that came back' }),
  })
  .openapi('VendorBalance');

export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(LEDGER_KINDS),
    description: z.string(),
    amount: z.number().int().openapi({ description: 'Signed minor units: positive into the balance' }),
    currency,
    orderId: z.string().nullable(),
    orderReference: z.string().nullable(),
    refundId: z.string().nullable(),
    payoutItemId: z.string().nullable(),
  })
  .openapi('LedgerEntry');

export const LedgerQuerySchema = z.object({
  currency: currencyQuery,
  limit: limitQuery,
  cursor: cursorQuery(),
});

export const LedgerPageSchema = z
  .object({ currency, items: z.array(LedgerEntrySchema), nextCursor: z.string().nullable() })
  .openapi('LedgerPage');

export const StatementMonthsSchema = z
  .object({ months: z.array(z.object({ month: z.string(), label: z.string() })) })
  .openapi('StatementMonths');

export const StatementParamsSchema = z.object({
  month: z
    .string()
    .regex(STATEMENT_MONTH_PATTERN, 'The month must be written yyyy-mm, e.g. 2026-03')
    .openapi({ param: { name: 'month', in: 'path' }, example: '2026-03' }),
});

export const StatementQuerySchema = z.object({
  currency: currencyQuery,
  format: z
    .enum(['json', 'pdf', 'csv'])
    .optional()
    .openapi({
      param: { name: 'format', in: 'query' },
      description: 'Overrides the Accept header: application/pdf, text/csv or application/json (default)',
    }),
});

export const StatementSchema = z
  .object({
    month: z.string(),
    period: z.string().openapi({ example: 'March 2026' }),
    currency,
    courier: z.object({ id: z.string(), name: z.string() }),
    opening: z.number().int(),
    closing: z.number().int().openapi({ description: 'opening plus every line, to the penny' }),
    totals: z.array(
      z.object({
        kind: z.enum(['sales', 'commission', 'refunds', 'payouts', 'other']),
        label: z.string(),
        amount: z.number().int(),
      }),
    ),
    lines: z.array(
      LedgerEntrySchema.extend({
        date: z.string().openapi({ description: 'UK day, YYYY-MM-DD' }),
        balance: z.number().int().openapi({ description: 'The balance after this line' }),
      }),
    ),
    balance: VendorBalanceSchema.omit({ currency: true }).openapi({
      description: 'The balance as it stands now',
    }),
    issuedAt: z.string(),
  })
  .openapi('Statement');

export const OrderCreditNoteParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
  number: z
    .string()
    .min(1)
    .max(20)
    .openapi({ param: { name: 'number', in: 'path' }, example: 'CN-000045' }),
});

const Rate = z.object({ percentBp: z.number().int(), fixed: z.number().int() });

export const VendorFinanceSchema = z
  .object({
    commission: Rate.extend({
      custom: z.boolean().openapi({ description: 'False: the configured default applies' }),
      updatedAt: z.string().nullable(),
      defaultRate: Rate,
    }),
    balances: z.array(VendorBalanceSchema),
    payoutAccount: z.object({
      paypalEmail: z.string().nullable(),
      verifiedAt: z.string().nullable(),
      pendingEmail: z.string().nullable(),
    }),
    payouts: z.array(VendorPayoutSchema),
  })
  .openapi('VendorFinance');

export const CommissionBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason must be at most 500 characters'),
    percent: z
      .number({ error: 'The percentage must be a number' })
      .min(0, 'The percentage must be 0 or more')
      .max(100, 'The percentage must be at most 100')
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, 'At most two decimals, e.g. 12.5')
      .optional(),
    fixed: z
      .number({ error: 'The fixed part must be a number of pence' })
      .int('The fixed part is whole pence')
      .min(0, 'The fixed part must be 0 or more')
      .max(100_000, 'The fixed part must be at most 100000')
      .optional(),
    useDefault: z.boolean().optional().openapi({ description: 'Back to the configured default rate' }),
  })
  .superRefine((body, ctx) => {
    if (body.useDefault) return;
    if (body.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Give a percentage (or useDefault)' });
    if (body.fixed === undefined)
      ctx.addIssue({ code: 'custom', path: ['fixed'], message: 'Give the fixed part in pence (0 for none)' });
  })
  .openapi('CommissionChange');

const Point = z.object({ period: z.string(), currency, amount: z.number().int() });

export const FinanceSummarySchema = z
  .object({
    today: z.string(),
    commission: z.object({ day: z.array(Point), week: z.array(Point), month: z.array(Point) }).openapi({
      description:
        'Commission earned less commission returned, over the last 90 days (UK days, weeks from Monday)',
    }),
    platform: z.array(
      z.object({
        currency,
        commission: z.number().int(),
        commissionReturned: z.number().int(),
        goodwill: z.number().int().openapi({ description: 'Refunds the platform bore' }),
        balance: z.number().int(),
        unassigned: z.number().int().openapi({ description: 'Paid for jobs no courier has accepted yet' }),
      }),
    ),
    couriers: z.array(
      VendorBalanceSchema.extend({
        vendorId: z.string(),
        name: z.string().nullable(),
        status: z.string().nullable(),
        paypalEmail: z.string().nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        bearer: z.enum(REFUND_BEARERS),
        currency,
        count: z.number().int(),
        amount: z.number().int(),
      }),
    ),
    books: z
      .object({
        ok: z.boolean(),
        problems: z.array(z.string()),
        totals: z.array(
          z.object({
            currency: z.string(),
            captured: z.number().int(),
            refunded: z.number().int(),
            paidOut: z.number().int(),
            entries: z.number().int(),
          }),
        ),
        checkedAt: z.string(),
      })
      .openapi({ description: 'The invariant, checked now (as finance:check does)' }),
  })
  .openapi('FinanceSummary');
