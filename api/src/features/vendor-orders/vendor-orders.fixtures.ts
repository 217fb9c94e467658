import { inArray, or } from 'drizzle-orm';
import { type OrderStatus, orders, payments } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { insertOrder, type OrderRow } from '../orders';
import { address, deliveryAddress, type OrderDto, toOrderDto } from '../orders/orders.testing';

/**
 * Orders of one vendor in every status and shape a list shows: domestic, international with
 * customs and several items, same-day, from a job (paid through the job's payment), unpaid with a
 * live and an expired price, with and without notes, tracking, label, revised date and stopped
 * mail, odd text and fractional weights; and payments captured, refunded in part and in full,
 * started and failed. Placed a minute apart, newest last.
 */
export async function ordersOfEveryShape(
  t: TestApp,
  ids: { vendorId: string; customerId: string },
  now: Date,
): Promise<OrderRow[]> {
  const made: OrderRow[] = [];
  const statuses: OrderStatus[] = ['pending', 'confirmed', 'in_transit', 'delivered', 'cancelled'];
  const kinds = ['domestic', 'international', 'same_day', 'job'] as const;
  let n = 0;
  // The last round: cancelled before payment.
  const rounds: OrderStatus[] = [...statuses, 'awaiting_payment', 'cancelled'];
  for (const [round, status] of rounds.entries()) {
    for (const kind of kinds) {
      n += 1;
      const unpaid = status === 'awaiting_payment' || round === rounds.length - 1;
      const at = new Date(now.getTime() - (200 - n) * 60_000);
      const international = kind === 'international';
      const odd = n % 3 === 0;
      const order = await insertOrder(
        t.deps.db,
        {
          customerId: ids.customerId,
          vendorId: ids.vendorId,
          courierServiceId: `service-${kind}`,
          quoteOptionId: kind === 'job' ? null : `quote-${n}.0`,
          jobId: kind === 'job' ? `job-${n}` : null,
          partnerId: odd ? 'partner-1' : null,
          status,
          serviceType: kind === 'job' ? 'domestic' : kind,
          serviceName: odd ? 'Größe “Express” \\ 24' : `Nationwide ${kind}`,
          vendorName: 'Speedy Parcels',
          collectionAddress: address(odd ? { line2: 'Flat 2', name: "O'Brien & Søn" } : {}),
          deliveryAddress: deliveryAddress(
            international
              ? {
                  name: 'Zoë 📦 Ångström',
                  country: 'FR',
                  postcode: '75001',
                  town: 'Paris',
                  county: 'Île-de-France',
                }
              : { name: `Robin ${n}` },
          ),
          collectionDate: '2026-03-11',
          contents: odd ? 'Books\nand "maps"' : 'Books',
          contentValue: 1000 + n,
          coverAmount: odd ? 50_000 : 0,
          coverFee: odd ? 450 : 0,
          customs: international
            ? {
                documentType: 'commercial_invoice',
                reasonForExport: 'sold',
                senderType: 'company',
                recipientType: 'private',
                senderEori: 'GB123456789000',
                senderCompanyName: 'Speedy “Ltd”',
              }
            : null,
          items: international
            ? [
                { description: 'Book', hsCode: '490199', quantity: 2, unitValue: 1250, originCountry: 'GB' },
                { description: 'Map ✓', hsCode: '490591', quantity: 1, unitValue: 333, originCountry: 'FR' },
              ]
            : null,
          notes: odd ? 'Ring twice; leave with "No. 4"' : null,
          vendorNotes: n % 4 === 0 ? 'Fragile' : null,
          parcels: [
            { length: 30, width: 20, height: 10, weight: 0.1 + 0.2 },
            ...(odd ? [{ length: 12.5, width: 10, height: 3.3, weight: 1 / 3 }] : []),
          ],
          chargeableWeightKg: odd ? 0.1 + 0.2 + 1 / 3 : 2 + n / 7,
          estimatedDelivery: kind === 'job' ? null : '2026-03-13',
          revisedDelivery: n % 5 === 0 ? '2026-03-16' : null,
          recipientMailStoppedAt: n % 6 === 0 ? at : null,
          labelUrl: n % 4 === 1 ? `https://labels.example/${n}.pdf` : null,
          currency: (['GBP', 'EUR', 'USD'] as const)[n % 3]!,
          net: 1000 + n,
          vat: 200,
          total: 1200 + n + (odd ? 450 : 0),
          paidAt: unpaid ? null : at,
          priceValidUntil: kind === 'job' ? null : new Date(now.getTime() + (n % 2 ? 1 : -1) * 30 * 60_000),
          trackingNumber: status === 'in_transit' || status === 'delivered' ? `TRACK-${n}` : null,
        },
        { id: ids.customerId, role: 'customer' },
        at,
      );
      made.push(order);
      if (unpaid && status === 'awaiting_payment' && n % 2 === 0) continue;
      const outcome = (['captured', 'refunded', 'partial', 'created', 'failed'] as const)[n % 5]!;
      const paidStatus = outcome === 'partial' ? 'captured' : outcome;
      await t.deps.db.insert(payments).values({
        orderId: kind === 'job' ? null : order.id,
        jobId: kind === 'job' ? order.jobId : null,
        provider: 'test',
        providerOrderId: `provider-${n}`,
        amount: order.total,
        currency: order.currency,
        status: unpaid ? (n % 2 ? 'created' : 'failed') : paidStatus,
        requestId: `request-${n}`,
        captureId: paidStatus === 'captured' || paidStatus === 'refunded' ? `capture-${n}` : null,
        capturedAt: order.paidAt,
        refundId: outcome === 'refunded' || outcome === 'partial' ? `refund-${n}` : null,
        refundedAmount: outcome === 'refunded' ? order.total : outcome === 'partial' ? 300 : 0,
        refundedAt: outcome === 'refunded' || outcome === 'partial' ? at : null,
        failureReason: paidStatus === 'failed' ? 'Declined' : null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  return made;
}

/**
 * The list items as the orders themselves say: whole rows through drizzle, their payments, the
 * order's own wire shape (toOrderDto), then through JSON as the response carries them, cut to
 * what a list row carries (OrderSummary). So a list row can neither read a column wrong nor say
 * anything the order does not.
 */
export async function itemsAsWholeRows(t: TestApp, ids: string[], relation: 'vendor' | 'admin') {
  const rows = ids.length ? await t.deps.db.select().from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(rows.map((o) => [o.id, o]));
  const page = ids.map((id) => byId.get(id)!);
  // An order's own payment, else its job's (orderPayment), read as whole rows too.
  const jobIds = page.flatMap((o) => (o.jobId ? [o.jobId] : []));
  const paid = await t.deps.db
    .select()
    .from(payments)
    .where(or(inArray(payments.orderId, ids), jobIds.length ? inArray(payments.jobId, jobIds) : undefined));
  const paymentOf = (o: OrderRow) =>
    paid.find((p) => p.orderId === o.id) ?? (o.jobId ? paid.find((p) => p.jobId === o.jobId) : undefined);
  const now = t.deps.now();
  const orderDtos: OrderDto[] = JSON.parse(
    JSON.stringify(page.map((o) => toOrderDto(o, paymentOf(o), relation, now))),
  );
  return orderDtos.map((d) => ({
    id: d.id,
    reference: d.reference,
    status: d.status,
    serviceType: d.serviceType,
    serviceName: d.serviceName,
    vendor: d.vendor,
    recipientName: d.deliveryAddress.name,
    collectionDate: d.collectionDate,
    estimatedDelivery: d.estimatedDelivery,
    price: { total: d.price.total, currency: d.price.currency },
    trackingNumber: d.trackingNumber,
    payment: d.payment,
    money: d.money,
    ...(relation === 'admin' ? { customerId: d.customerId } : {}),
    paidAt: d.paidAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  }));
}
