import { createRouter } from '../../context';
import * as articleHandlers from './articles/admin-articles.handlers';
import * as articleRoutes from './articles/admin-articles.routes';
import * as auditHandlers from './audit-log/admin-audit.handlers';
import * as auditRoutes from './audit-log/admin-audit.routes';
import * as messageHandlers from './contact-messages/admin-messages.handlers';
import * as messageRoutes from './contact-messages/admin-messages.routes';
import * as serviceHandlers from './courier-services/admin-services.handlers';
import * as serviceRoutes from './courier-services/admin-services.routes';
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
  .openapi(vendorRoutes.listVendors, vendorHandlers.listVendors)
  .openapi(vendorRoutes.getVendor, vendorHandlers.getVendor)
  .openapi(vendorRoutes.activateVendor, vendorHandlers.activateVendor)
  .openapi(vendorRoutes.suspendVendor, vendorHandlers.suspendVendor)
  .openapi(userRoutes.listUsers, userHandlers.listUsers)
  .openapi(userRoutes.getUser, userHandlers.getUser)
  .openapi(userRoutes.disableUser, userHandlers.disableUser)
  .openapi(userRoutes.enableUser, userHandlers.enableUser)
  .openapi(sessionRoutes.listSessions, sessionHandlers.listSessions)
  .openapi(sessionRoutes.revokeSession, sessionHandlers.revokeSession)
  .openapi(auditRoutes.listAudit, auditHandlers.listAudit)
  .openapi(auditRoutes.getAudit, auditHandlers.getAudit)
  .openapi(orderRoutes.listOrders, orderHandlers.listOrders)
  .openapi(orderRoutes.getOrder, orderHandlers.getOrder)
  .openapi(orderRoutes.changeOrderStatus, orderHandlers.changeOrderStatus)
  .openapi(orderRoutes.refundOrder, orderHandlers.refundOrder)
  .openapi(statsRoutes.getDashboard, statsHandlers.getDashboard)
  .openapi(serviceRoutes.listServices, serviceHandlers.listServices)
  .openapi(serviceRoutes.getService, serviceHandlers.getService)
  .openapi(serviceRoutes.deactivateService, serviceHandlers.deactivateService)
  .openapi(messageRoutes.listMessages, messageHandlers.listMessages)
  .openapi(messageRoutes.getMessage, messageHandlers.getMessage)
  .openapi(messageRoutes.handleMessage, messageHandlers.handleMessage)
  .openapi(articleRoutes.listArticles, articleHandlers.listArticlesHandler)
  .openapi(articleRoutes.getArticle, articleHandlers.getArticleHandler)
  .openapi(articleRoutes.createArticle, articleHandlers.createArticleHandler)
  .openapi(articleRoutes.updateArticle, articleHandlers.updateArticleHandler)
  .openapi(articleRoutes.previewArticle, articleHandlers.previewArticleHandler)
  .openapi(jobRoutes.listJobs, jobHandlers.listJobs)
  .openapi(jobRoutes.getJob, jobHandlers.getJob)
  .openapi(jobRoutes.refundJob, jobHandlers.refundJob)
  .openapi(reviewRoutes.listReviews, reviewHandlers.listReviews)
  .openapi(reviewRoutes.getReview, reviewHandlers.getReview)
  .openapi(reviewRoutes.hideReview, reviewHandlers.hideReview);
