/**
 * Labels of paid orders in the three formats (docs/batches.md, "Label formats"): one order's, a
 * selection's from the dashboard, and (through features/batches) a batch's. Built from the stored
 * orders; the renderers live in ./documents and stream their output.
 */
import { Readable } from 'node:stream';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders, vendors } from '../../db/schema';
import { formatOpenings } from '../../domain/handover';
import { formatPeopleDate } from '../../domain/uk-days';
import { AppError, type FieldError } from '../../lib/errors';
import { dropOffPointOfOrder } from '../dropoff-points';
import {
  DocumentDataError,
  type LabelData,
  type LabelDropOffPoint,
  type LabelFormat,
  labelSheetPdf,
  renderLabelPdf,
  zplLabels,
} from './documents';
import { type OrderRow, orderReference } from './order-store';
import type { Viewer } from './orders.queries';
import { trackingUrl } from './tracking-code';

export type LabelDocument = {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
};

/** The drop-off point a label names (where the sender hands the parcel over), if any. */
export async function labelDropOffPoint(deps: AppDeps, order: OrderRow): Promise<LabelDropOffPoint | null> {
  const point = await dropOffPointOfOrder(deps.db, order);
  return (
    point && {
      name: point.name,
      lines: [
        [point.address.line1, point.address.line2].filter(Boolean).join(', '),
        `${point.address.town} ${point.address.postcode}`,
      ],
      hours: `${formatPeopleDate(order.collectionDate)}: ${formatOpenings(point.hoursOnDate.openings)}`,
    }
  );
}

/** What the label of a stored order shows. */
export function labelDataOf(
  deps: AppDeps,
  order: OrderRow,
  dropOffPoint: LabelDropOffPoint | null = null,
): LabelData {
  return {
    reference: orderReference(order.id),
    trackingNumber: order.trackingNumber as string,
    serviceName: order.serviceName,
    vendorName: order.vendorName,
    serviceType: order.serviceType,
    collectionDate: order.collectionDate,
    estimatedDelivery: order.estimatedDelivery,
    sender: order.collectionAddress,
    recipient: order.deliveryAddress,
    parcels: order.parcels.map((p) => ({
      weightKg: p.weight,
      lengthCm: p.length,
      widthCm: p.width,
      heightCm: p.height,
    })),
    chargeableWeightKg: order.chargeableWeightKg,
    trackingCode: order.trackingCode,
    trackingUrl: order.trackingCode ? trackingUrl(deps.config.publicUrl, order.trackingCode) : null,
    dropOffPoint,
  };
}

/** Why an order has no label now, or null when it can be printed. */
export function notPrintable(order: Pick<OrderRow, 'status' | 'paidAt' | 'trackingNumber'>): string | null {
  if (order.status === 'cancelled') return 'This order is cancelled; its papers are no longer valid';
  if (!order.paidAt || !order.trackingNumber) return 'The label is available once the order is paid';
  return null;
}

const EXTENSIONS = { 'pdf-4x6': 'pdf', 'pdf-a4': 'pdf', zpl: 'zpl' } as const;

async function* asciiChunks(chunks: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'latin1');
}

/** Stored orders passed validation; a renderer refusing one is data we let through, said plainly. */
function documentProblem(err: unknown): unknown {
  if (!(err instanceof DocumentDataError)) return err;
  return new AppError(409, `These labels cannot be printed: ${err.message}`, {
    code: 'document_data_invalid',
    errors: [{ path: err.field, message: err.message }],
  });
}

/**
 * One document with every label of the orders (one per parcel), in their order. `name` makes
 * the file name (`consign-labels-<name>.pdf`). The PDFs stream as they are drawn.
 */
export async function labelDocument(
  deps: AppDeps,
  printable: readonly OrderRow[],
  format: LabelFormat,
  name: string,
): Promise<LabelDocument> {
  const labels: LabelData[] = [];
  for (const order of printable) labels.push(labelDataOf(deps, order, await labelDropOffPoint(deps, order)));
  const filename = `consign-labels-${name}.${EXTENSIONS[format]}`;
  try {
    if (format === 'zpl') {
      const text = Readable.from(asciiChunks(zplLabels(labels)));
      return {
        filename,
        contentType: 'text/plain; charset=us-ascii',
        body: Readable.toWeb(text) as ReadableStream<Uint8Array>,
      };
    }
    if (format === 'pdf-4x6' && labels.length === 1) {
      // One order's own label: small, and the same bytes as /orders/{id}/label.pdf.
      const bytes = await renderLabelPdf(labels[0] as LabelData, { creationDate: deps.now() });
      return { filename, contentType: 'application/pdf', body: new Uint8Array(bytes) };
    }
    const stream = labelSheetPdf(labels, format, {
      creationDate: deps.now(),
      title: `Consign labels ${name}`,
    });
    return {
      filename,
      contentType: 'application/pdf',
      body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
    };
  } catch (err) {
    throw documentProblem(err);
  }
}

/** Refuses (409, naming each by its place in the request) orders that have no label yet. */
export function assertPrintable(list: readonly OrderRow[], path: (index: number) => string): void {
  const errors: FieldError[] = [];
  list.forEach((order, index) => {
    const problem = notPrintable(order);
    if (problem) errors.push({ path: path(index), message: `${orderReference(order.id)}: ${problem}` });
  });
  if (errors.length === 0) return;
  const only = errors.length === 1 && list.length === 1;
  const code = list.some((o) => o.status === 'cancelled') ? 'order_cancelled' : 'order_not_paid';
  throw new AppError(
    409,
    only ? (notPrintable(list[0] as OrderRow) as string) : 'Some orders have no label yet',
    {
      code,
      errors,
    },
  );
}

/**
 * The orders of a dashboard selection, in the order asked, each the caller's (as its customer,
 * its courier or staff); one the caller may not see answers 404 as a single order would.
 */
export async function selectedOrders(
  deps: AppDeps,
  viewer: Viewer,
  ids: readonly string[],
): Promise<OrderRow[]> {
  const unique = [...new Set(ids)];
  let scope: SQL | undefined = eq(orders.customerId, viewer.id);
  if (viewer.role === 'admin') scope = undefined;
  if (viewer.role === 'vendor') {
    const vendor = await deps.db.query.vendors.findFirst({
      where: eq(vendors.ownerId, viewer.id),
      columns: { id: true },
    });
    if (vendor) scope = or(scope, eq(orders.vendorId, vendor.id));
  }
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, unique), scope));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) {
    throw new AppError(404, missing.length === 1 ? 'Order not found' : `${missing.length} orders not found`, {
      code: 'not_found',
      errors: missing.map((id) => ({ path: `orderIds.${ids.indexOf(id)}`, message: 'Order not found' })),
    });
  }
  return unique.map((id) => byId.get(id) as OrderRow);
}

/** The labels of a dashboard selection (or one order) in a format. */
export async function selectionLabels(
  deps: AppDeps,
  viewer: Viewer,
  ids: readonly string[],
  format: LabelFormat,
): Promise<LabelDocument> {
  const list = await selectedOrders(deps, viewer, ids);
  assertPrintable(list, (index) => `orderIds.${index}`);
  const name = list.length === 1 ? (list[0] as OrderRow).id.slice(-8) : `${list.length}-orders`;
  return labelDocument(deps, list, format, name);
}
