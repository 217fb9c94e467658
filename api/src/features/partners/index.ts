/** The partners feature's public surface: other features and the app import nothing else of it. */
export { currentPartner, requirePartner } from './partner-access';
export { partnerInviteMailSubscriber } from './partner-invites';
export { partnerKeyMailSubscriber } from './partner-key-mail';
export { partnerPeopleIds } from './partner-people';
export { mountPartnerMiddleware, partnersRouter } from './partners.router';
