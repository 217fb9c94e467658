/** The addresses feature's public surface: other features and the app import nothing else of it. */
export { addressesRouter } from './addresses.router';
