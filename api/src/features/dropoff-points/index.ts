/** The drop-off points feature's public surface: other features and the app import nothing else of it. */

export { pointUnavailableMailSubscriber } from './dropoff-points.notify';
export { changePointTellingOrders, POINT_UNAVAILABLE_EVENT } from './dropoff-points.recheck';
export { dropOffPointsRouter } from './dropoff-points.router';
export {
  DayHoursSchema,
  DropOffAddressSchema,
  DropOffPointSchema,
  DropOffPointStatusSchema,
  OrderDropOffPointSchema,
  WeeklyHoursSchema,
} from './dropoff-points.schemas';
export {
  dropOffPointErrors,
  dropOffPointOfOrder,
  type OrderDropOffPoint,
  type ServiceHandover,
} from './dropoff-points.search';
export { type DropOffPointDto, toPointDto, withServices } from './dropoff-points.store';
