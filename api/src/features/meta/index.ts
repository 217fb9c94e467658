/** The meta feature's public surface: other features and the app import nothing else of it. */
export { metaRouter } from './meta.router';
