/** The partners feature's public surface: other features and the app import nothing else of it. */

/** POST: a partner's image upload (partner-area.routes.ts), which takes up to 5 MB like POST /uploads. */
export const PARTNER_UPLOADS_PATH = '/partner/uploads';
export { currentPartner, requirePartner } from './partner-access';
export { partnerInviteMailSubscriber } from './partner-invites';
export { partnerKeyMailSubscriber } from './partner-key-mail';
export { partnerPeopleIds } from './partner-people';
export { mountPartnerMiddleware, partnersRouter } from './partners.router';
