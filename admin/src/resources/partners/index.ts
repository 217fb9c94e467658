import type { ResourceProps } from 'react-admin';
import { PartnerCreate, PartnerEdit } from './PartnerEdit';
import { PartnerIcon } from './PartnerIcon';
import { PartnerList } from './PartnerList';
import { PartnerShow } from './PartnerShow';
import type { Partner } from './types';

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
