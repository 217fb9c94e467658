import { createRouter } from '../../lib/openapi';
import * as handlers from './admin.handlers';
import * as routes from './admin.routes';
import * as articles from './admin-articles';
import * as catalogHandlers from './admin-catalog.handlers';
import * as catalogRoutes from './admin-catalog.routes';
import * as adminJobs from './admin-jobs';
import * as orderHandlers from './admin-orders.handlers';
import * as orderRoutes from './admin-orders.routes';
import * as statsHandlers from './admin-stats.handlers';
import * as statsRoutes from './admin-stats.routes';
import * as userHandlers from './admin-users.handlers';
import * as userRoutes from './admin-users.routes';

export const adminRouter = createRouter()
  .openapi(routes.listVendors, handlers.listVendors)
  .openapi(routes.getVendor, handlers.getVendor)
  .openapi(routes.activateVendor, handlers.activateVendor)
  .openapi(routes.suspendVendor, handlers.suspendVendor)
  .openapi(userRoutes.listUsers, userHandlers.listUsers)
  .openapi(userRoutes.getUser, userHandlers.getUser)
  .openapi(userRoutes.disableUser, userHandlers.disableUser)
  .openapi(userRoutes.enableUser, userHandlers.enableUser)
  .openapi(userRoutes.listAudit, userHandlers.listAudit)
  .openapi(userRoutes.getAudit, userHandlers.getAudit)
  .openapi(orderRoutes.listOrders, orderHandlers.listOrders)
  .openapi(orderRoutes.getOrder, orderHandlers.getOrder)
  .openapi(orderRoutes.changeOrderStatus, orderHandlers.changeOrderStatus)
  .openapi(orderRoutes.refundOrder, orderHandlers.refundOrder)
  .openapi(statsRoutes.getDashboard, statsHandlers.getDashboard)
  .openapi(catalogRoutes.listServices, catalogHandlers.listServices)
  .openapi(catalogRoutes.getService, catalogHandlers.getService)
  .openapi(catalogRoutes.deactivateService, catalogHandlers.deactivateService)
  .openapi(catalogRoutes.listMessages, catalogHandlers.listMessages)
  .openapi(catalogRoutes.getMessage, catalogHandlers.getMessage)
  .openapi(catalogRoutes.handleMessage, catalogHandlers.handleMessage)
  .openapi(articles.listArticles, articles.listArticlesHandler)
  .openapi(articles.getArticle, articles.getArticleHandler)
  .openapi(articles.createArticle, articles.createArticleHandler)
  .openapi(articles.updateArticle, articles.updateArticleHandler)
  .openapi(articles.previewArticle, articles.previewArticleHandler)
  .openapi(adminJobs.listJobs, adminJobs.listJobsHandler)
  .openapi(adminJobs.getJob, adminJobs.getJobHandler)
  .openapi(adminJobs.refundJob, adminJobs.refundJobHandler);
