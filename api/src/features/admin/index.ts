/** The admin feature's public surface: other features and the app import nothing else of it. */
export { adminRouter } from './admin.router';
export { ReasonBodySchema } from './admin.schemas';
export { AdminCreateError, createAdmin } from './admin-create';
export { recordAudit } from './audit-log/audit';
export { vendorStatusMailSubscriber } from './vendors/admin-vendors.notify';
