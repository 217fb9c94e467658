import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { PartnerIcon } from './PartnerIcon';
import type { Partner } from './types';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const PartnerList = lazy(() => import('./PartnerList').then((m) => ({ default: m.PartnerList })));
const PartnerShow = lazy(() => import('./PartnerShow').then((m) => ({ default: m.PartnerShow })));
const PartnerEdit = lazy(() => import('./PartnerEdit').then((m) => ({ default: m.PartnerEdit })));
const PartnerCreate = lazy(() => import('./PartnerCreate').then((m) => ({ default: m.PartnerCreate })));

/** Partner shops that embed the widget: keys, allowed origins, status, and what they brought in. */
const partners = {
  list: PartnerList,
  show: PartnerShow,
  edit: PartnerEdit,
  create: PartnerCreate,
  icon: PartnerIcon,
  recordRepresentation: (partner: Partner) => partner.name,
} satisfies Omit<ResourceProps, 'name'>;

export default partners;
