/** The health feature's public surface: other features and the app import nothing else of it. */
export { healthRouter } from './health.router';
