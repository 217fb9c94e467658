/** The partners feature's public surface: other features and the app import nothing else of it. */
export { mountPartnerMiddleware, partnersRouter } from './partners.router';
