import type { Cast } from './world';

/**
 * What a path's id parameter names, keyed `<segment>.<param>` (the path segment before it): an
 * object the first customer or vendor of the cast owns. A route with a new kind of id needs one
 * line here (and, if the cast owns no such object yet, one in world.ts).
 */
export const OWNED: Record<string, (c: Cast) => string> = {
  'couriers.id': (c) => c.ids.serviceA,
  'orders.id': (c) => c.ids.orderA,
  'jobs.id': (c) => c.ids.jobA,
  'quotes.id': (c) => c.ids.quoteA,
  'vendors.id': (c) => c.ids.vendorA,
  'documents.documentId': (c) => c.ids.documentA,
  'vendor-documents.documentId': (c) => c.ids.documentA,
  'orders.reference': (c) => c.ids.partnerOrderA,
  'tracking.code': (c) => c.ids.trackingCodeA,
  'secret-keys.id': (c) => c.ids.secretKeyA,
  'webhook-endpoints.id': (c) => c.ids.endpointA,
  'webhook-deliveries.id': (c) => c.ids.deliveryA,
  'reviews.id': (c) => c.ids.reviewA,
  'dropoff-points.id': (c) => c.ids.dropOffPointA,
  'claims.id': (c) => c.ids.claimA,
  'adjustments.adjustmentId': (c) => c.ids.adjustmentA,
  'address-book.id': (c) => c.ids.addressBookEntryA,
  'parcel-sizes.id': (c) => c.ids.savedParcelA,
  'batches.id': (c) => c.ids.batchA,
  'rows.rowId': (c) => c.ids.batchRowA,
  'charges.id': (c) => c.ids.returnChargeA,
  // The order is the object; a credit note's number only picks one of its papers.
  'credit-notes.number': () => 'CN-000001',
};
