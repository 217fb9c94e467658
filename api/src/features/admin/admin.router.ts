import { createRouter } from '../../context';
import * as adjustmentRoutes from './adjustments/admin-adjustments.routes';
import * as articleHandlers from './articles/admin-articles.handlers';
import * as articleRoutes from './articles/admin-articles.routes';
import * as auditRoutes from './audit-log/admin-audit.routes';
import * as claimRoutes from './claims/admin-claims.routes';
import * as messageHandlers from './contact-messages/admin-messages.handlers';
import * as messageRoutes from './contact-messages/admin-messages.routes';
import * as serviceHandlers from './courier-services/admin-services.handlers';
import * as serviceRoutes from './courier-services/admin-services.routes';
import * as dropOffHandlers from './dropoff-points/admin-dropoff.handlers';
import * as dropOffRoutes from './dropoff-points/admin-dropoff.routes';
import * as jobHandlers from './jobs/admin-jobs.handlers';
import * as jobRoutes from './jobs/admin-jobs.routes';
import * as orderHandlers from './orders/admin-orders.handlers';
import * as orderRoutes from './orders/admin-orders.routes';
import * as reviewHandlers from './reviews/admin-reviews.handlers';
import * as reviewRoutes from './reviews/admin-reviews.routes';
import * as statsHandlers from './stats/admin-stats.handlers';
import * as statsRoutes from './stats/admin-stats.routes';
import * as sessionHandlers from './user-sessions/admin-sessions.handlers';
import * as sessionRoutes from './user-sessions/admin-sessions.routes';
import * as userHandlers from './users/admin-users.handlers';
import * as userRoutes from './users/admin-users.routes';
import * as vendorHandlers from './vendors/admin-vendors.handlers';
import * as vendorRoutes from './vendors/admin-vendors.routes';

/**
 * The staff API: one folder per resource (routes, handlers, schemas, service), every list over
 * the one list-page helper in lib/ra-list.ts. Registered in the order the API reference lists them.
 */
export const adminRouter = createRouter()
  .openapi(vendorRoutes.listVendors.route, vendorRoutes.listVendors.handler)
  .openapi(vendorRoutes.getVendor.route, vendorRoutes.getVendor.handler)
  .openapi(vendorRoutes.activateVendor, vendorHandlers.activateVendor)
  .openapi(vendorRoutes.suspendVendor, vendorHandlers.suspendVendor)
  .openapi(userRoutes.listUsers.route, userRoutes.listUsers.handler)
  .openapi(userRoutes.getUser.route, userRoutes.getUser.handler)
  .openapi(userRoutes.disableUser, userHandlers.disableUser)
  .openapi(userRoutes.enableUser, userHandlers.enableUser)
  .openapi(sessionRoutes.listSessions.route, sessionRoutes.listSessions.handler)
  .openapi(sessionRoutes.revokeSession, sessionHandlers.revokeSession)
  .openapi(auditRoutes.listAudit.route, auditRoutes.listAudit.handler)
  .openapi(auditRoutes.getAudit.route, auditRoutes.getAudit.handler)
  .openapi(orderRoutes.listOrders.route, orderRoutes.listOrders.handler)
  .openapi(orderRoutes.getOrder.route, orderRoutes.getOrder.handler)
  .openapi(orderRoutes.changeOrderStatus, orderHandlers.changeOrderStatus)
  .openapi(orderRoutes.refundOrder, orderHandlers.refundOrder)
  .openapi(statsRoutes.getDashboard, statsHandlers.getDashboard)
  .openapi(serviceRoutes.listServices.route, serviceRoutes.listServices.handler)
  .openapi(serviceRoutes.getService.route, serviceRoutes.getService.handler)
  .openapi(serviceRoutes.deactivateService, serviceHandlers.deactivateService)
  .openapi(dropOffRoutes.listDropOffPoints.route, dropOffRoutes.listDropOffPoints.handler)
  .openapi(dropOffRoutes.getDropOffPoint.route, dropOffRoutes.getDropOffPoint.handler)
  .openapi(dropOffRoutes.suspendDropOffPoint, dropOffHandlers.suspendDropOffPoint)
  .openapi(dropOffRoutes.reinstateDropOffPoint, dropOffHandlers.reinstateDropOffPoint)
  .openapi(messageRoutes.listMessages.route, messageRoutes.listMessages.handler)
  .openapi(messageRoutes.getMessage.route, messageRoutes.getMessage.handler)
  .openapi(messageRoutes.handleMessage, messageHandlers.handleMessage)
  .openapi(articleRoutes.listArticles.route, articleRoutes.listArticles.handler)
  .openapi(articleRoutes.getArticle.route, articleRoutes.getArticle.handler)
  .openapi(articleRoutes.createArticle, articleHandlers.createArticleHandler)
  .openapi(articleRoutes.updateArticle, articleHandlers.updateArticleHandler)
  .openapi(articleRoutes.previewArticle, articleHandlers.previewArticleHandler)
  .openapi(jobRoutes.listJobs.route, jobRoutes.listJobs.handler)
  .openapi(jobRoutes.getJob.route, jobRoutes.getJob.handler)
  .openapi(jobRoutes.refundJob, jobHandlers.refundJob)
  .openapi(reviewRoutes.listReviews.route, reviewRoutes.listReviews.handler)
  .openapi(reviewRoutes.getReview.route, reviewRoutes.getReview.handler)
  .openapi(claimRoutes.listClaims.route, claimRoutes.listClaims.handler)
  .openapi(claimRoutes.getClaim.route, claimRoutes.getClaim.handler)
  .openapi(adjustmentRoutes.listAdjustments.route, adjustmentRoutes.listAdjustments.handler)
  .openapi(adjustmentRoutes.getAdjustment.route, adjustmentRoutes.getAdjustment.handler)
  .openapi(reviewRoutes.hideReview, reviewHandlers.hideReview)
  .openapi(reviewRoutes.showReview, reviewHandlers.showReview);
