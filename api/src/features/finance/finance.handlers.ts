import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { orderCreditNotePdf, orderReceiptPdf, type Viewer } from '../orders';
import { vendorOf } from '../vendors';
import { financeSummary, setCommission, vendorFinance } from './finance.admin';
import type * as routes from './finance.routes';
import {
  balanceOf,
  ledgerPageOf,
  statementCsv,
  statementMonthsOf,
  statementOf,
  statementPdf,
} from './finance.vendor';

const viewer = (c: Context<AppEnv>): Viewer => ({ id: c.get('user').sub, role: c.get('user').role });

function fileResponse(c: Context<AppEnv>, type: string, filename: string, body: Uint8Array | string) {
  return c.body(typeof body === 'string' ? body : new Uint8Array(body), 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${filename}"`,
    // Names, addresses and earnings: no shared caches.
    'Cache-Control': 'private, no-store',
  });
}

export const getVendorBalance: RouteHandler<typeof routes.getVendorBalance, AppEnv> = async (c) =>
  c.json(await balanceOf(c.get('deps'), c.get('user').sub, c.req.valid('query').currency), 200);

export const getVendorLedger: RouteHandler<typeof routes.getVendorLedger, AppEnv> = async (c) =>
  c.json(await ledgerPageOf(c.get('deps'), c.get('user').sub, c.req.valid('query')), 200);

export const listVendorStatements: RouteHandler<typeof routes.listVendorStatements, AppEnv> = async (c) =>
  c.json({ months: await statementMonthsOf(c.get('deps'), c.get('user').sub) }, 200);

/** `?format=` wins over Accept; JSON unless either asks for PDF or CSV. */
function statementFormat(c: Context<AppEnv>, format: 'json' | 'pdf' | 'csv' | undefined) {
  if (format) return format;
  const accept = c.req.header('Accept') ?? '';
  if (accept.includes('application/pdf')) return 'pdf';
  if (accept.includes('text/csv')) return 'csv';
  return 'json';
}

export const getVendorStatement: RouteHandler<typeof routes.getVendorStatement, AppEnv> = async (c) => {
  const deps = c.get('deps');
  const { month } = c.req.valid('param');
  const query = c.req.valid('query');
  const statement = await statementOf(deps, c.get('user').sub, month, query.currency);
  const name = `consign-statement-${statement.month}-${statement.currency}`;
  switch (statementFormat(c, query.format)) {
    case 'pdf': {
      const vendor = await vendorOf(deps, c.get('user').sub);
      return fileResponse(c, 'application/pdf', `${name}.pdf`, await statementPdf(deps, statement, vendor));
    }
    case 'csv':
      return fileResponse(c, 'text/csv; charset=utf-8', `${name}.csv`, statementCsv(statement));
    default:
      return c.json(statement, 200);
  }
};

export const getOrderReceipt: RouteHandler<typeof routes.getOrderReceipt, AppEnv> = async (c) => {
  const file = await orderReceiptPdf(c.get('deps'), viewer(c), c.req.valid('param').id);
  return fileResponse(c, 'application/pdf', file.filename, file.bytes);
};

export const getOrderCreditNote: RouteHandler<typeof routes.getOrderCreditNote, AppEnv> = async (c) => {
  const { id, number } = c.req.valid('param');
  const file = await orderCreditNotePdf(c.get('deps'), viewer(c), id, number);
  return fileResponse(c, 'application/pdf', file.filename, file.bytes);
};

export const getFinanceSummary: RouteHandler<typeof routes.getFinanceSummary, AppEnv> = async (c) =>
  c.json(await financeSummary(c.get('deps')), 200);

export const getVendorFinance: RouteHandler<typeof routes.getVendorFinance, AppEnv> = async (c) =>
  c.json(await vendorFinance(c.get('deps'), c.req.valid('param').id), 200);

export const setVendorCommission: RouteHandler<typeof routes.setVendorCommission, AppEnv> = async (c) =>
  c.json(
    await setCommission(c.get('deps'), c.get('user'), c.req.valid('param').id, c.req.valid('json')),
    200,
  );
