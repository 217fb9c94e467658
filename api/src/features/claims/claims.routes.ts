import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../lib/audit';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { OrderIdParamsSchema } from '../orders';
import { requirePartner } from '../partners';
import {
  ClaimIdParamsSchema,
  ClaimListQuerySchema,
  ClaimListSchema,
  ClaimSchema,
  CourierAnswerBodySchema,
  FileClaimBodySchema,
  LossClaimOfferSchema,
  PartnerClaimListSchema,
  PartnerClaimsQuerySchema,
  PartnerOrderParamsSchema,
  PayoutReceiverBodySchema,
  StaffDecisionBodySchema,
} from './claims.schemas';

const tags = ['Claims'];

export const fileClaim = createRoute({
  operationId: 'fileClaim',
  method: 'post',
  path: '/orders/{id}/claims',
  tags,
  summary: 'File a claim for loss or damage on one of the caller’s orders',
  description:
    'Damage within 5 working days of delivery; loss once the parcel is 3 working days past its promised date; ' +
    'either within 9 months of collection. The amount is capped by the cover bought at booking (or the standard ' +
    'liability); beyond what is left of the payment it is paid by PayPal payout. Photos and proof of value are uploads (POST /uploads) by url. ' +
    'The claim goes to the courier at once, with its deadline (docs/claims-and-returns.md).',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema, body: jsonBody(FileClaimBodySchema) },
  responses: {
    201: jsonContent(ClaimSchema, 'The claim, with the courier'),
    ...pickProblems(401, 404, 409, 422),
  },
});

export const getLossClaimOffer = createRoute({
  operationId: 'getLossClaimOffer',
  method: 'get',
  path: '/orders/{id}/loss-claim-offer',
  tags,
  summary: 'Whether the customer is offered a loss claim on the order now',
  description:
    'Offered while the paid parcel is under way and its latest tracking entry is an exception, or it has had ' +
    'no scan for LOSS_CLAIM_NO_SCAN_WORKING_DAYS working days (default 5) since collection, and no claim is ' +
    'open; a loss claim may then be filed at once. The customer is mailed once when it first holds.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: jsonContent(LossClaimOfferSchema, 'The offer'), ...pickProblems(401, 404) },
});

export const listClaims = createRoute({
  operationId: 'listClaims',
  method: 'get',
  path: '/claims',
  tags,
  summary: 'The caller’s claims, newest first (a customer’s own; a courier’s business’s)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: ClaimListQuerySchema },
  responses: { 200: jsonContent(ClaimListSchema, 'The claims'), ...pickProblems(401, 422) },
});

export const getClaim = createRoute({
  operationId: 'getClaim',
  method: 'get',
  path: '/claims/{id}',
  tags,
  summary: 'One claim: its customer, its courier or staff',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: ClaimIdParamsSchema },
  responses: { 200: jsonContent(ClaimSchema, 'The claim'), ...pickProblems(401, 404) },
});

export const listVendorClaims = createRoute({
  operationId: 'listVendorClaims',
  method: 'get',
  path: '/vendor/claims',
  tags,
  summary: 'Claims on the courier’s orders, newest first',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { query: ClaimListQuerySchema },
  responses: { 200: jsonContent(ClaimListSchema, 'The claims'), ...pickProblems(401, 403, 422) },
});

export const answerClaim = createRoute({
  operationId: 'answerClaim',
  method: 'post',
  path: '/vendor/claims/{id}/response',
  tags,
  summary: 'The courier answers a claim: accept, accept part, or reject with evidence',
  description:
    'An acceptance pays the claim at once from the courier’s earnings (a refund of the order’s payment). ' +
    'A rejection goes to Consign staff, who decide whether it stands.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: ClaimIdParamsSchema, body: jsonBody(CourierAnswerBodySchema) },
  responses: {
    200: jsonContent(ClaimSchema, 'The claim after the answer'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const decideClaim = createRoute({
  operationId: 'adminDecideClaim',
  method: 'post',
  path: '/admin/claims/{id}/decision',
  tags: ['Admin'],
  summary: 'Staff decide an escalated claim or review a courier’s rejection (audited)',
  description:
    'Accept or part accept (paid at once, borne by the courier or the platform), or reject for good.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: ClaimIdParamsSchema, body: jsonBody(StaffDecisionBodySchema) },
  responses: {
    200: jsonContent(ClaimSchema, 'The claim after the decision'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const filePartnerClaim = createRoute({
  operationId: 'partnerFileClaim',
  method: 'post',
  path: '/partner/orders/{id}/claims',
  tags: ['Partner'],
  summary: 'File a claim for the customer of an order booked through the partner',
  description:
    'The customer’s rules, caps and steps (POST /orders/{id}/claims); the claim is the customer’s, who is ' +
    'emailed at each step. Photos and proof of value are uploads (POST /uploads) of the partner’s people or ' +
    'of the customer, by url. Another partner’s order answers 404.',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: PartnerOrderParamsSchema, body: jsonBody(FileClaimBodySchema) },
  responses: {
    201: jsonContent(ClaimSchema, 'The claim, with the courier'),
    ...pickProblems(400, 401, 403, 404, 409, 422, 429),
  },
});

export const listPartnerClaims = createRoute({
  operationId: 'partnerListClaims',
  method: 'get',
  path: '/partner/claims',
  tags: ['Partner'],
  summary: 'Claims on orders booked through the partner, newest first, a page at a time',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { query: PartnerClaimsQuerySchema },
  responses: {
    200: jsonContent(PartnerClaimListSchema, 'One page'),
    ...pickProblems(400, 401, 403, 422, 429),
  },
});

export const getPartnerClaim = createRoute({
  operationId: 'partnerGetClaim',
  method: 'get',
  path: '/partner/claims/{id}',
  tags: ['Partner'],
  summary: 'One claim on an order booked through the partner',
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: ClaimIdParamsSchema },
  responses: { 200: jsonContent(ClaimSchema, 'The claim'), ...pickProblems(400, 401, 403, 404, 429) },
});

export const setPayoutReceiver = createRoute({
  operationId: 'setClaimPayoutReceiver',
  method: 'put',
  path: '/claims/{id}/payout-receiver',
  tags,
  summary: 'Give the PayPal email the claim’s payout part is paid to',
  description:
    'The claim’s customer only. An accepted claim whose amount is more than what was left of the order’s payment ' +
    'pays the rest by PayPal payout, and waits for this email. After a failed payout, a new email pays again. ' +
    '409 when the claim needs no payout, is closed, or its payout is on its way or paid.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: ClaimIdParamsSchema, body: jsonBody(PayoutReceiverBodySchema) },
  responses: { 200: jsonContent(ClaimSchema, 'The claim'), ...pickProblems(401, 404, 409, 422) },
});

export const retryPayout = createRoute({
  operationId: 'retryClaimPayout',
  method: 'post',
  path: '/admin/claims/{id}/payout/retry',
  tags,
  summary: 'Staff: pay a claim’s failed PayPal payout again',
  description:
    'To the email the claim has now; the reason goes to the audit log (claim.payout_retry). 409 unless the latest payout failed.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: ClaimIdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: { 200: jsonContent(ClaimSchema, 'The claim'), ...pickProblems(401, 403, 404, 409, 422) },
});
