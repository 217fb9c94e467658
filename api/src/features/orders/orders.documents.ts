/**
 * The printable papers of a paid order: the 4x6 label and, for international orders, the
 * customs declaration. Built from the stored order; the renderers live in ./documents.
 */
import type { AppDeps } from '../../context';
import { ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { DocumentDataError, renderCustomsPdf, renderLabelPdf } from './documents';
import { type OrderRow, orderReference } from './order-store';
import { assertDropOffStillFine } from './orders.dropoff';
import { labelDataOf, labelDropOffPoint, notPrintable } from './orders.labels';
import { loadOrderFor, type Viewer } from './orders.queries';

export type PdfFile = { filename: string; bytes: Buffer };

function assertPrintable(order: OrderRow) {
  const problem = notPrintable(order);
  if (problem) {
    throw AppError.conflict(problem, order.status === 'cancelled' ? 'order_cancelled' : 'order_not_paid');
  }
}

/** Stored orders passed validation; a renderer refusing one is data we let through, said plainly. */
async function render(build: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await build();
  } catch (err) {
    if (err instanceof DocumentDataError) {
      throw new AppError(409, `This order cannot be printed: ${err.message}`, {
        code: 'document_data_invalid',
        errors: [{ path: err.field, message: err.message }],
      });
    }
    throw err;
  }
}

const fileRef = (order: OrderRow) => order.id.slice(-8);

export async function orderLabelPdf(deps: AppDeps, viewer: Viewer, id: string): Promise<PdfFile> {
  const { order } = await loadOrderFor(deps, viewer, id);
  assertPrintable(order);
  await assertDropOffStillFine(deps, order);
  const point = await labelDropOffPoint(deps, order);
  const bytes = await render(() =>
    renderLabelPdf(labelDataOf(deps, order, point), { creationDate: deps.now() }),
  );
  return { filename: `consign-label-${fileRef(order)}.pdf`, bytes };
}

export async function orderCustomsPdf(deps: AppDeps, viewer: Viewer, id: string): Promise<PdfFile> {
  const { order } = await loadOrderFor(deps, viewer, id);
  if (order.serviceType !== 'international' || !order.customs || !order.items?.length) {
    throw new AppError(404, 'Customs papers exist only for international orders', {
      code: 'not_international',
    });
  }
  assertPrintable(order);
  const { customs } = order;
  const bytes = await render(() =>
    renderCustomsPdf(
      {
        reference: orderReference(order.id),
        invoiceDate: ukToday(order.paidAt as Date),
        documentType: customs.documentType,
        reasonForExport: customs.reasonForExport,
        currency: order.currency,
        sender: {
          ...order.collectionAddress,
          type: customs.senderType,
          companyName: customs.senderCompanyName ?? null,
          eori: customs.senderEori ?? null,
        },
        recipient: {
          ...order.deliveryAddress,
          type: customs.recipientType,
          companyName: customs.recipientCompanyName ?? null,
          eori: customs.recipientEori ?? null,
        },
        items: order.items ?? [],
        // Customs want what the parcels weigh, not what the courier billed (volumetric).
        totalGrossWeightKg: order.parcels.reduce((sum, p) => sum + p.weight, 0),
        parcelCount: order.parcels.length,
        trackingNumber: order.trackingNumber,
        serviceName: order.serviceName,
        vendorName: order.vendorName,
      },
      { creationDate: deps.now() },
    ),
  );
  return { filename: `consign-customs-${fileRef(order)}.pdf`, bytes };
}
