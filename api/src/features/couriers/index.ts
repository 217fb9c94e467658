/** The couriers feature's public surface: other features and the app import nothing else of it. */
export {
  bumpCatalogVersion,
  CourierCatalog,
  type QuotableService,
  quotableService,
  vendorNameOf,
} from './catalog';
export { couriersRouter } from './couriers.router';
export { CourierServiceSchema } from './couriers.schemas';
export { toCourierDto } from './couriers.service';
export {
  countDelivery,
  MIN_DELIVERIES,
  MIN_RATINGS,
  moveRating,
  ON_TIME_WINDOW_DAYS,
  ScoreSnapshot,
  type ServiceScore,
  scoreBoardFor,
} from './scores';
