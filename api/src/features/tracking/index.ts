/** The tracking feature's public surface: the signed-out tracking page's API and the recipient's mail. */
export { recipientMailSubscriber } from './tracking.notify';
export { trackingRouter } from './tracking.router';
