import { createRouter } from '../../context';
import * as handlers from './finance.handlers';
import * as routes from './finance.routes';

export const financeRouter = createRouter()
  .openapi(routes.getVendorBalance, handlers.getVendorBalance)
  .openapi(routes.getVendorLedger, handlers.getVendorLedger)
  .openapi(routes.listVendorStatements, handlers.listVendorStatements)
  .openapi(routes.getVendorStatement, handlers.getVendorStatement)
  .openapi(routes.getOrderReceipt, handlers.getOrderReceipt)
  .openapi(routes.getOrderCreditNote, handlers.getOrderCreditNote)
  .openapi(routes.getFinanceSummary, handlers.getFinanceSummary)
  .openapi(routes.getVendorFinance, handlers.getVendorFinance)
  .openapi(routes.setVendorCommission, handlers.setVendorCommission);
