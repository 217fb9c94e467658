import { adminGet, adminList } from '../admin.resource';
import { AdminClaimDetailSchema, AdminClaimListQuerySchema, AdminClaimSchema } from './admin-claims.schemas';
import { AdminClaimsService } from './admin-claims.service';

export const listClaims = adminList({
  resource: 'claims',
  operationId: 'adminListClaims',
  summary:
    'Claims for loss or damage, oldest first unless sorted otherwise; `filter={"awaitsStaff":true}` is the staff queue',
  description: 'One page of claims, each with its customer and courier',
  query: AdminClaimListQuerySchema,
  item: AdminClaimSchema,
  read: (deps, list) => new AdminClaimsService(deps).list(list),
});

export const getClaim = adminGet({
  resource: 'claims',
  operationId: 'adminGetClaim',
  summary: 'One claim with its customer, courier, evidence, deadline and timeline',
  description: 'The claim',
  item: AdminClaimDetailSchema,
  read: (deps, id) => new AdminClaimsService(deps).get(id),
});
