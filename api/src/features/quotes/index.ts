/** The quotes feature's public surface: other features and the app import nothing else of it. */
export { createDeliveryEstimator, type DeliveryEstimator, deliveryDateFor } from './engine/delivery';
export { evaluateService, priceParcels } from './engine/pricing';
export type { CourierServiceRates, Parcel, QuoteRequest, ServiceEvaluation } from './engine/types';
export {
  countPostcodes,
  createPostcodeCentroidLookup,
  IMPORT_BATCH_SIZE,
  importPostcodes,
} from './postcodes.service';
export { startQuoteRetention } from './quotes.retention';
export { quotesRouter } from './quotes.router';
export { MAX_PARCELS, ParcelSchema, QuoteRequestSchema, QuoteSchema } from './quotes.schemas';
export { QuotesService, quoteBookedWrite } from './quotes.service';
