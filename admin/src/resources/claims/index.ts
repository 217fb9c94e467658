import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AdminClaim } from '../../types';
import { ClaimIcon } from './ClaimIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const ClaimList = lazy(() => import('./ClaimList').then((m) => ({ default: m.ClaimList })));
const ClaimShow = lazy(() => import('./ClaimShow').then((m) => ({ default: m.ClaimShow })));

/** Claims for loss or damage: the queue of those waiting for staff, and the decision on each. */
const claimsResource = {
  list: ClaimList,
  show: ClaimShow,
  icon: ClaimIcon,
  recordRepresentation: (claim: AdminClaim) => claim.reference,
} satisfies Omit<ResourceProps, 'name'>;

export default claimsResource;
