/** The couriers feature's public surface: other features and the app import nothing else of it. */
export {
  bumpCatalogVersion,
  CourierCatalog,
  type QuotableService,
  quotableService,
  vendorNameOf,
} from './catalog';
export { couriersRouter } from './couriers.router';
export { CourierRecordSchema, CourierServiceSchema } from './couriers.schemas';
export { toCourierDto } from './couriers.service';
export {
  type CourierRecord,
  countDelivery,
  MIN_DECIDED_CLAIMS,
  MIN_DELIVERIES,
  MIN_RATINGS,
  MIN_RECORD_ORDERS,
  moveCourierRecord,
  moveRating,
  ON_TIME_WINDOW_DAYS,
  ScoreSnapshot,
  type ServiceScore,
  scoreBoardFor,
} from './scores';
