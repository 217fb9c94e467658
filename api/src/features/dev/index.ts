/** The dev feature's public surface: other features and the app import nothing else of it. */
export { devRouter } from './dev.router';
