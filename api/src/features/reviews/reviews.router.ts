import { createRouter } from '../../context';
import * as handlers from './reviews.handlers';
import * as routes from './reviews.routes';

export const reviewsRouter = createRouter()
  .openapi(routes.getOrderReview, handlers.getOrderReview)
  .openapi(routes.writeOrderReview, handlers.writeOrderReview)
  .openapi(routes.listVendorReviews, handlers.listVendorReviews)
  .openapi(routes.replyToReview, handlers.replyToReview)
  .openapi(routes.getCourierProfile, handlers.getCourierProfile)
  .openapi(routes.getReviewSummary, handlers.getReviewSummary);
