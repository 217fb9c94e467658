/** The hs-codes feature's public surface: other features and the app import nothing else of it. */
export { hsCodesRouter } from './hs-codes.router';
