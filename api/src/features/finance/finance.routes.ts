import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { idempotent } from '../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { IdempotencyHeadersSchema, OrderIdParamsSchema } from '../orders';
import {
  CommissionBodySchema,
  CurrencyQuerySchema,
  FinanceSummarySchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  OrderCreditNoteParamsSchema,
  StatementMonthsSchema,
  StatementParamsSchema,
  StatementQuerySchema,
  StatementSchema,
  VendorBalanceSchema,
  VendorFinanceSchema,
} from './finance.schemas';

const file = (type: string, description: string, example: string) => ({
  description,
  headers: z.object({ 'Content-Disposition': z.string().openapi({ example }) }),
  content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } },
});

const vendorTags = ['Vendor payouts'];

export const getVendorBalance = createRoute({
  operationId: 'getVendorBalance',
  method: 'get',
  path: '/vendor/balance',
  tags: vendorTags,
  summary: 'The caller’s balance in one currency: pending, available and paid out',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { query: CurrencyQuerySchema },
  responses: { 200: jsonContent(VendorBalanceSchema, 'The balance'), ...pickProblems(401, 403, 422) },
});

export const getVendorLedger = createRoute({
  operationId: 'getVendorLedger',
  method: 'get',
  path: '/vendor/ledger',
  tags: vendorTags,
  summary: 'The caller’s ledger, newest first, a page at a time (limit and cursor)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { query: LedgerQuerySchema },
  responses: { 200: jsonContent(LedgerPageSchema, 'One page'), ...pickProblems(401, 403, 422) },
});

export const listVendorStatements = createRoute({
  operationId: 'listVendorStatements',
  method: 'get',
  path: '/vendor/statements',
  tags: vendorTags,
  summary: 'The months the caller has statements for, newest first (this month included)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(StatementMonthsSchema, 'Months'), ...pickProblems(401, 403) },
});

export const getVendorStatement = createRoute({
  operationId: 'getVendorStatement',
  method: 'get',
  path: '/vendor/statements/{month}',
  tags: vendorTags,
  summary:
    'One month’s statement: opening balance, each order, refund, commission and payout, closing balance',
  description:
    'JSON by default; PDF with `Accept: application/pdf` or `?format=pdf`, CSV with `Accept: text/csv` or `?format=csv`. ' +
    'Months are UK calendar months; 404 for a month not begun.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: StatementParamsSchema, query: StatementQuerySchema },
  responses: {
    200: {
      description: 'The statement',
      headers: z.object({
        'Content-Disposition': z
          .string()
          .optional()
          .openapi({ example: 'attachment; filename="consign-statement-2026-03-GBP.pdf"' }),
      }),
      content: {
        'application/json': { schema: StatementSchema },
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
        'text/csv': { schema: z.string() },
      },
    },
    ...pickProblems(401, 403, 404, 422),
  },
});

const orderTags = ['Orders'];

export const getOrderReceipt = createRoute({
  operationId: 'getOrderReceipt',
  method: 'get',
  path: '/orders/{id}/receipt',
  tags: orderTags,
  summary: 'The VAT receipt of a paid order (PDF), numbered in sequence; for its customer and staff',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: {
    200: file('application/pdf', 'The receipt', 'attachment; filename="consign-receipt-R-000123.pdf"'),
    ...pickProblems(401, 404, 409),
  },
});

export const getOrderCreditNote = createRoute({
  operationId: 'getOrderCreditNote',
  method: 'get',
  path: '/orders/{id}/credit-notes/{number}',
  tags: orderTags,
  summary: 'A credit note of the order (PDF), issued for a refund and referring to the receipt',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderCreditNoteParamsSchema },
  responses: {
    200: file(
      'application/pdf',
      'The credit note',
      'attachment; filename="consign-credit-note-CN-000045.pdf"',
    ),
    ...pickProblems(401, 404, 409),
  },
});

const adminTags = ['Admin'];
const VendorIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const getFinanceSummary = createRoute({
  operationId: 'adminGetFinance',
  method: 'get',
  path: '/admin/finance',
  tags: adminTags,
  summary:
    'The Finance page: commission by day, week and month, courier balances, refunds by who bore them, the invariant',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  responses: { 200: jsonContent(FinanceSummarySchema, 'The figures'), ...pickProblems(401, 403) },
});

export const getVendorFinance = createRoute({
  operationId: 'adminGetVendorFinance',
  method: 'get',
  path: '/admin/vendors/{id}/finance',
  tags: adminTags,
  summary: 'A courier’s commission, balance, payout account and payouts',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: VendorIdParams },
  responses: { 200: jsonContent(VendorFinanceSchema, 'The courier’s money'), ...pickProblems(401, 403, 404) },
});

export const setVendorCommission = createRoute({
  operationId: 'adminSetVendorCommission',
  method: 'put',
  path: '/admin/vendors/{id}/commission',
  tags: adminTags,
  summary:
    'Set a courier’s commission (percent and fixed pence) or return it to the default, with a reason (audited)',
  description:
    'Applies to orders paid from now on; each order keeps the commission in force when it was paid.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin'), idempotent] as const,
  request: {
    headers: IdempotencyHeadersSchema,
    params: VendorIdParams,
    body: jsonBody(CommissionBodySchema),
  },
  responses: {
    200: jsonContent(VendorFinanceSchema, 'The courier’s money'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
