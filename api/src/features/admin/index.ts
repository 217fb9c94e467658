/** The admin feature's public surface: other features and the app import nothing else of it. */
export { adminRouter } from './admin.router';
export { AdminCreateError, createAdmin } from './admin-create';
export { vendorStatusMailSubscriber } from './vendors/admin-vendors.notify';
