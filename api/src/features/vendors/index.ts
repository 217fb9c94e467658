/** The vendors feature's public surface: other features and the app import nothing else of it. */

export type { OnboardingAnswers } from './onboarding.schemas';
export { onboardingMailSubscriber } from './vendors.notify';
export { type VendorOwner, vendorOwner, vendorOwners } from './vendors.owners';
export { vendorsRouter } from './vendors.router';
export { DOCUMENTS_PATH } from './vendors.routes';
export { ImageUrlSchema, UpdateVendorBodySchema, VendorSchema, VendorStatusSchema } from './vendors.schemas';
export { getVendorReviewData, toVendorDto, type VendorRow, vendorOf } from './vendors.service';
