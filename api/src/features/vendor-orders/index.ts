/** The vendor-orders feature's public surface: other features and the app import nothing else of it. */
export { vendorOrdersRouter } from './vendor-orders.router';
