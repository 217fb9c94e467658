/** The finance feature's public surface: other features and the app import nothing else of it. */
export { refundMailSubscriber } from './finance.notify';
export { financeRouter } from './finance.router';
