import { ClaimSchema } from '../../claims';
import { adminGet, adminList } from '../admin.resource';
import { AdminClaimListQuerySchema } from './admin-claims.schemas';
import { AdminClaimsService } from './admin-claims.service';

export const listClaims = adminList({
  resource: 'claims',
  operationId: 'adminListClaims',
  summary: 'Claims for loss or damage; `filter={"awaitsStaff":true}` is the staff queue',
  description: 'One page of claims',
  query: AdminClaimListQuerySchema,
  item: ClaimSchema,
  read: (deps, list) => new AdminClaimsService(deps).list(list),
});

export const getClaim = adminGet({
  resource: 'claims',
  operationId: 'adminGetClaim',
  summary: 'One claim',
  description: 'The claim',
  item: ClaimSchema,
  read: (deps, id) => new AdminClaimsService(deps).get(id),
});
