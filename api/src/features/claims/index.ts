/** The claims feature's public surface: other features and the app import nothing else of it. */
export { CLAIM_EVENTS, type ClaimRow } from './claims.change';
export { awaitsStaff } from './claims.machine';
export { claimMailSubscriber, lossOfferMailSubscriber } from './claims.notify';
export { claimPayoutOwner } from './claims.payout';
export { claimsRouter } from './claims.router';
export { ClaimSchema, LossClaimOfferSchema } from './claims.schemas';
export { type ClaimDto, finishClaim, lossClaimOfferOn, sweepClaims, toClaimDto } from './claims.service';
export { startClaimSweep } from './claims.sweep';
