/** The returns feature's public surface: other features and the app import nothing else of it. */

export { returnChargeMailSubscriber } from './returns.notify';
export { returnChargePaymentTarget } from './returns.payment-target';
export { returnsRouter } from './returns.router';
export { RETURN_EVENTS, type ReturnCreatedData } from './returns.service';
