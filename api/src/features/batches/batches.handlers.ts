import type { RouteHandler } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { browserOrigin } from '../../lib/origin';
import { type LabelFormat, labelResponse, pdfResponse } from '../orders';
import { currentPartner } from '../partners';
import { MAX_CSV_BYTES, readBatchCsv, resultsCsv, templateCsv } from './batches.csv';
import { batchLabels } from './batches.labels';
import { captureBatchPayment as capture, startBatchPayment as start } from './batches.payment';
import { renderBatchReceipt } from './batches.receipts';
import type * as routes from './batches.routes';
import { CreateBatchSchema } from './batches.schemas';
import { BatchesService, type BatchOwner, type BatchSettings, type IncomingRow } from './batches.service';

const service = (c: Context<AppEnv>) => new BatchesService(c.get('deps'));
const customer = (c: Context<AppEnv>): BatchOwner => ({ userId: c.get('user').sub, partnerId: null });
const privately = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

/**
 * A secret key has no user: the partner's batch belongs to its first partner user (the orders
 * are booked for that account, as the partner area shows them).
 */
async function partnerOwner(c: Context<AppEnv>): Promise<BatchOwner> {
  const partner = currentPartner(c);
  const [first] = await c
    .get('deps')
    .db.select({ id: users.id })
    .from(users)
    .where(eq(users.partnerId, partner.id))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!first) {
    throw AppError.conflict(
      'This partner has no user account yet to book for; invite one first',
      'no_partner_user',
    );
  }
  return { userId: first.id, partnerId: partner.id };
}

type Settings = {
  name?: string | undefined;
  rule: BatchSettings['rule'];
  preferredCourier?: string | undefined;
  fallback: BatchSettings['fallback'];
};

const settingsOf = (s: Settings, now: Date): BatchSettings => ({
  name: s.name || `Batch of ${now.toISOString().slice(0, 10)}`,
  rule: s.rule,
  preferredCourier: s.preferredCourier || null,
  fallback: s.fallback,
});

/** The body in any of its three forms: JSON rows, the CSV file itself, or a form with the file. */
async function upload(c: Context<AppEnv>, query: Settings) {
  const type = c.req.header('Content-Type') ?? '';
  const length = Number(c.req.header('Content-Length') ?? 0);
  if (length > MAX_CSV_BYTES)
    throw new AppError(413, 'A batch file is at most 5 MB', { code: 'payload_too_large' });
  const now = c.get('deps').now();
  if (/^application\/json\b/i.test(type)) {
    const parsed = CreateBatchSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      throw AppError.validation(
        parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })),
      );
    }
    const rows: IncomingRow[] = parsed.data.rows.map((cells) => ({ line: null, cells }));
    return { source: 'json' as const, settings: settingsOf(parsed.data, now), rows };
  }
  let text: string;
  if (/^text\/csv\b/i.test(type)) text = await c.req.text();
  else if (/^multipart\/form-data\b/i.test(type)) {
    const file = (await c.req.parseBody()).file;
    if (!(file instanceof File))
      throw AppError.validation([{ path: 'file', message: 'Attach the CSV file as "file"' }]);
    if (file.size > MAX_CSV_BYTES)
      throw new AppError(413, 'A batch file is at most 5 MB', { code: 'payload_too_large' });
    text = await file.text();
  } else {
    throw new AppError(415, 'Send JSON rows, the CSV file itself (text/csv) or a form with the file', {
      code: 'unsupported_media_type',
      headers: { 'Accept-Post': 'application/json, text/csv, multipart/form-data' },
    });
  }
  return { source: 'csv' as const, settings: settingsOf(query, now), rows: readBatchCsv(text) };
}

export const getBatchTemplate: RouteHandler<typeof routes.getBatchTemplate, AppEnv> = async (c) =>
  c.body(templateCsv(c.get('deps').now()), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="consign-batch-template.csv"',
  });

export const createBatch: RouteHandler<typeof routes.createBatch, AppEnv> = async (c) => {
  const { source, settings, rows } = await upload(c, c.req.valid('query'));
  return c.json(await service(c).create(customer(c), settings, source, rows), 201);
};

export const listBatches: RouteHandler<typeof routes.listBatches, AppEnv> = async (c) => {
  privately(c);
  return c.json(await service(c).list(customer(c)), 200);
};

export const getBatch: RouteHandler<typeof routes.getBatch, AppEnv> = async (c) => {
  privately(c);
  return c.json(await service(c).get(customer(c), c.req.valid('param').id), 200);
};

export const fixBatchRow: RouteHandler<typeof routes.fixBatchRow, AppEnv> = async (c) => {
  const { id, rowId } = c.req.valid('param');
  return c.json(await service(c).fixRow(customer(c), id, rowId, c.req.valid('json').cells), 200);
};

export const dropBatchRow: RouteHandler<typeof routes.dropBatchRow, AppEnv> = async (c) => {
  const { id, rowId } = c.req.valid('param');
  return c.json(await service(c).dropRow(customer(c), id, rowId), 200);
};

export const createPartnerBatch: RouteHandler<typeof routes.createPartnerBatch, AppEnv> = async (c) => {
  const owner = await partnerOwner(c);
  const { source, settings, rows } = await upload(c, c.req.valid('query'));
  return c.json(await service(c).create(owner, settings, source, rows), 201);
};

export const getPartnerBatch: RouteHandler<typeof routes.getPartnerBatch, AppEnv> = async (c) => {
  privately(c);
  return c.json(await service(c).get(await partnerOwner(c), c.req.valid('param').id), 200);
};

export const retryBatchRow: RouteHandler<typeof routes.retryBatchRow, AppEnv> = async (c) => {
  const { id, rowId } = c.req.valid('param');
  return c.json(await service(c).retryRow(customer(c), id, rowId), 200);
};

async function pay(c: Context<AppEnv>, owner: BatchOwner, id: string) {
  const deps = c.get('deps');
  const batches = service(c);
  return start(deps, batches, owner, await batches.batchOf(owner, id), browserOrigin(deps.config, c.req));
}

async function take(c: Context<AppEnv>, owner: BatchOwner, id: string) {
  const batches = service(c);
  const state = await capture(c.get('deps'), await batches.batchOf(owner, id));
  return { state, batch: await batches.get(owner, id) };
}

export const startBatchPayment: RouteHandler<typeof routes.startBatchPayment, AppEnv> = async (c) =>
  c.json(await pay(c, customer(c), c.req.valid('param').id), 200);

export const captureBatchPayment: RouteHandler<typeof routes.captureBatchPayment, AppEnv> = async (c) => {
  const { state, batch } = await take(c, customer(c), c.req.valid('param').id);
  return state === 'captured' ? c.json(batch, 200) : c.json(batch, 202);
};

export const startPartnerBatchPayment: RouteHandler<typeof routes.startPartnerBatchPayment, AppEnv> = async (
  c,
) => c.json(await pay(c, await partnerOwner(c), c.req.valid('param').id), 200);

export const capturePartnerBatchPayment: RouteHandler<
  typeof routes.capturePartnerBatchPayment,
  AppEnv
> = async (c) => {
  const { state, batch } = await take(c, await partnerOwner(c), c.req.valid('param').id);
  return state === 'captured' ? c.json(batch, 200) : c.json(batch, 202);
};

async function results(c: Context<AppEnv>, owner: BatchOwner, id: string) {
  const batch = await service(c).get(owner, id);
  privately(c);
  return c.body(resultsCsv(batch.rows), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="consign-batch-${batch.id.slice(-8)}-results.csv"`,
  });
}

export const getBatchResults: RouteHandler<typeof routes.getBatchResults, AppEnv> = async (c) =>
  results(c, customer(c), c.req.valid('param').id);

export const getPartnerBatchResults: RouteHandler<typeof routes.getPartnerBatchResults, AppEnv> = async (c) =>
  results(c, await partnerOwner(c), c.req.valid('param').id);

async function labels(c: Context<AppEnv>, owner: BatchOwner, id: string, format: LabelFormat) {
  return labelResponse(c, await batchLabels(c.get('deps'), service(c), owner, id, format));
}

export const getBatchLabels: RouteHandler<typeof routes.getBatchLabels, AppEnv> = async (c) =>
  labels(c, customer(c), c.req.valid('param').id, c.req.valid('query').format);

export const getPartnerBatchLabels: RouteHandler<typeof routes.getPartnerBatchLabels, AppEnv> = async (c) =>
  labels(c, await partnerOwner(c), c.req.valid('param').id, c.req.valid('query').format);

async function receipt(c: Context<AppEnv>, owner: BatchOwner, id: string, number: string | undefined) {
  const deps = c.get('deps');
  return pdfResponse(c, await renderBatchReceipt(deps, await service(c).batchOf(owner, id), number));
}

export const getBatchReceipt: RouteHandler<typeof routes.getBatchReceipt, AppEnv> = async (c) =>
  receipt(c, customer(c), c.req.valid('param').id, c.req.valid('query').number);

export const getPartnerBatchReceipt: RouteHandler<typeof routes.getPartnerBatchReceipt, AppEnv> = async (c) =>
  receipt(c, await partnerOwner(c), c.req.valid('param').id, c.req.valid('query').number);
