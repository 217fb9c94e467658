import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { browserOrigin } from '../../lib/origin';
import { orderCustomsPdf, orderLabelPdf, type PdfFile } from './orders.documents';
import { changeDropOffPoint } from './orders.dropoff';
import { type LabelDocument, selectionLabels } from './orders.labels';
import type * as routes from './orders.routes';
import { OrdersService, type Viewer } from './orders.service';

const service = (c: Context<AppEnv>) => new OrdersService(c.get('deps'));
const viewer = (c: Context<AppEnv>): Viewer => ({ id: c.get('user').sub, role: c.get('user').role });

/** A PDF to download, never cached by anything shared (receipts and labels name people). */
export function pdfResponse(c: Context<AppEnv>, file: PdfFile) {
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    // Addresses are personal data: no shared caches.
    'Cache-Control': 'private, no-store',
  });
}

/** A label document, streamed; `no-transform` keeps the compression layer from buffering it. */
export function labelResponse(c: Context<AppEnv>, doc: LabelDocument) {
  return c.body(doc.body, 200, {
    'Content-Type': doc.contentType,
    'Content-Disposition': `attachment; filename="${doc.filename}"`,
    'Cache-Control': 'private, no-store, no-transform',
  });
}

export const createOrder: RouteHandler<typeof routes.createOrder, AppEnv> = async (c) =>
  c.json(await service(c).create(viewer(c), c.req.valid('json')), 201);

export const listOrders: RouteHandler<typeof routes.listOrders, AppEnv> = async (c) =>
  c.json(await service(c).list(viewer(c), c.req.valid('query')), 200);

export const getOrder: RouteHandler<typeof routes.getOrder, AppEnv> = async (c) =>
  c.json(await service(c).get(viewer(c), c.req.valid('param').id), 200);

export const cancelOrder: RouteHandler<typeof routes.cancelOrder, AppEnv> = async (c) => {
  const body = (c.req.valid('json') as { reason?: string } | undefined) ?? {};
  return c.json(await service(c).cancel(viewer(c), c.req.valid('param').id, body.reason), 200);
};

export const startOrderPayment: RouteHandler<typeof routes.startOrderPayment, AppEnv> = async (c) =>
  c.json(
    await service(c).startPayment(
      viewer(c),
      c.req.valid('param').id,
      browserOrigin(c.get('deps').config, c.req),
    ),
    200,
  );

export const captureOrderPayment: RouteHandler<typeof routes.captureOrderPayment, AppEnv> = async (c) => {
  const { state, order } = await service(c).capture(viewer(c), c.req.valid('param').id);
  return state === 'captured' ? c.json(order, 200) : c.json(order, 202);
};

export const getOrderLabel: RouteHandler<typeof routes.getOrderLabel, AppEnv> = async (c) =>
  pdfResponse(c, await orderLabelPdf(c.get('deps'), viewer(c), c.req.valid('param').id));

export const getOrderCustoms: RouteHandler<typeof routes.getOrderCustoms, AppEnv> = async (c) =>
  pdfResponse(c, await orderCustomsPdf(c.get('deps'), viewer(c), c.req.valid('param').id));

export const changeOrderDropOffPoint: RouteHandler<typeof routes.changeOrderDropOffPoint, AppEnv> = async (
  c,
) => {
  const order = await changeDropOffPoint(
    c.get('deps'),
    viewer(c),
    c.req.valid('param').id,
    c.req.valid('json').dropOffPointId,
  );
  return c.json(await service(c).detail(order, 'customer'), 200);
};

export const getOrderLabels: RouteHandler<typeof routes.getOrderLabels, AppEnv> = async (c) =>
  labelResponse(
    c,
    await selectionLabels(c.get('deps'), viewer(c), [c.req.valid('param').id], c.req.valid('query').format),
  );

export const printOrderLabels: RouteHandler<typeof routes.printOrderLabels, AppEnv> = async (c) => {
  const { orderIds, format } = c.req.valid('json');
  return labelResponse(c, await selectionLabels(c.get('deps'), viewer(c), orderIds, format));
};
