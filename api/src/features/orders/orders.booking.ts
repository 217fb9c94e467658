/**
 * Booking: an order (awaiting payment) from a stored quote option, at the option's frozen price
 * plus the cover fee from the cover table. Nothing about price is read from the body.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { perDatabase } from '../../db/client';
import { courierServices, vendors } from '../../db/schema';
import { COVER_CURRENCY, coverFeeFor } from '../../domain/reference-data';
import { AppError } from '../../lib/errors';
import { dropOffPointErrors } from '../dropoff-points';
import { deliveryDateFor, QuotesService, quoteBookedWrite } from '../quotes';
import { insertBookedOrder, type OrderRow } from './order-store';
import { NOT_PAYABLE_MESSAGE } from './orders.payment';
import type { CreateOrderBody } from './orders.schemas';
import { normaliseAddress, shipmentErrors } from './shipment';

/**
 * Only the two statuses (building and mapping both tables' every column cost more than the rest
 * of this read), in a statement built once per database: every booking asks it.
 */
const serviceStatuses = perDatabase((db) =>
  db
    .select({ serviceStatus: courierServices.status, vendorStatus: vendors.status })
    .from(courierServices)
    .innerJoin(vendors, eq(vendors.id, courierServices.vendorId))
    .where(eq(courierServices.id, sql.placeholder('serviceId')))
    .prepare(),
);

export const QUOTE_EXPIRED_MESSAGE = 'This quote has expired; please get a new quote';

/**
 * Creates an order (awaiting_payment) from a stored quote option. Exported for other features
 * that book on a customer's behalf; the route goes through OrdersService.create.
 */
export async function createOrderFromOption(
  deps: AppDeps,
  customerId: string,
  body: CreateOrderBody,
  /** `id`: the order's id when the caller has one (a batch row's id: booking it twice fails). */
  options: { partnerId?: string | null; id?: string } = {},
): Promise<OrderRow> {
  const { db } = deps;
  const now = deps.now();
  const found = await new QuotesService(deps).findOption(body.quoteOptionId);
  // A quote someone else asked for is as unknown to this customer as a made-up id.
  if (!found || (found.quote.userId !== null && found.quote.userId !== customerId)) {
    throw AppError.validation([{ path: 'quoteOptionId', message: 'This quote option does not exist' }]);
  }
  const { option, quote } = found;
  // The price holds until the instant the quote expires, and not a moment longer.
  if (quote.expiresAt.getTime() <= now.getTime())
    throw AppError.conflict(QUOTE_EXPIRED_MESSAGE, 'quote_expired');

  const collection = normaliseAddress(body.collectionAddress);
  const delivery = normaliseAddress(body.deliveryAddress);
  const serviceType = option.serviceType;
  const errors = shipmentErrors({
    serviceType,
    fixedBy: 'quote',
    destination: quote.request.to ?? '',
    nations: { from: quote.request.from, to: quote.request.to },
    collection,
    delivery,
    collectionDate: body.collectionDate,
    now,
    customs: body.customs,
    items: body.items,
    sameDay: {
      fromPostcode: quote.request.fromPostcode,
      toPostcode: quote.request.toPostcode,
      message: (postcode) =>
        `The same-day price was quoted for ${postcode}; get a new quote for another postcode`,
    },
  });
  const coverFee = coverFeeFor(body.coverAmount);
  if (coverFee === null) {
    errors.push({
      path: 'coverAmount',
      message: 'Choose one of the cover amounts, or 0 for no extended cover',
    });
  } else if (body.coverAmount > 0 && option.price.currency !== COVER_CURRENCY) {
    errors.push({
      path: 'coverAmount',
      message: `Extended cover is priced in ${COVER_CURRENCY} and cannot be added to a price in ${option.price.currency}`,
    });
  }
  // A zero or negative total must never reach the payment provider (see also couriers' tiers).
  if (option.price.total + (coverFee ?? 0) <= 0)
    errors.push({ path: 'quoteOptionId', message: NOT_PAYABLE_MESSAGE });
  const dropOffPointId = body.dropOffPointId ?? null;
  errors.push(
    ...(await dropOffPointErrors(db, dropOffPointId, {
      service: { id: option.courierService.id, name: option.courierService.name, handover: option.handover },
      date: body.collectionDate,
      parcels: quote.request.parcels,
    })),
  );
  if (errors.length) throw AppError.validation(errors);

  const service = await serviceStatuses(db).get({ serviceId: option.courierService.id });
  if (service?.serviceStatus !== 'active' || service.vendorStatus !== 'active') {
    throw AppError.conflict(
      'This courier service is no longer available; please get a new quote',
      'service_unavailable',
    );
  }
  const international = serviceType === 'international';
  // The order, its first event and the quote marked booked: one batch, all or nothing.
  return insertBookedOrder(
    db,
    {
      customerId,
      vendorId: option.vendor.id,
      courierServiceId: option.courierService.id,
      quoteOptionId: option.id,
      partnerId: options.partnerId ?? quote.partnerId,
      status: 'awaiting_payment',
      serviceType,
      // As quoted: the label and history show what was booked, whatever the vendor renames.
      serviceName: option.courierService.name,
      vendorName: option.vendor.name,
      collectionAddress: collection,
      deliveryAddress: delivery,
      collectionDate: body.collectionDate,
      contents: body.contents,
      contentValue: body.contentValue,
      coverAmount: body.coverAmount,
      coverFee: coverFee ?? 0,
      customs: international ? (body.customs ?? null) : null,
      items: international ? (body.items ?? null) : null,
      notes: body.notes ?? null,
      dropOffPointId,
      printerless: option.labelMode === 'printerless',
      parcels: quote.request.parcels.map((p) => ({ ...p })),
      chargeableWeightKg: option.chargeableWeightKg,
      // The quote assumed its own collection day; the order's date is the one that counts.
      estimatedDelivery: deliveryDateFor(serviceType, option.transitDays, body.collectionDate, now),
      currency: option.price.currency,
      net: option.price.net,
      vat: option.price.vat,
      // Extended cover is insurance, exempt from VAT in the UK: its fee is added after VAT.
      total: option.price.total + (coverFee ?? 0),
      priceValidUntil: quote.expiresAt,
    },
    { id: customerId, role: 'customer' },
    now,
    [quoteBookedWrite(db, quote.id, now)],
    'Order placed',
    options.id,
  );
}
