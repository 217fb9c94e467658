import { msg } from '../../i18n/keys';
import type { VendorStatus } from '../../types';

/** Choices for SelectField / SelectInput; names are i18n keys (see i18n/en.ts). */
export const VENDOR_STATUS_CHOICES: { id: VendorStatus; name: string }[] = [
  { id: 'pending', name: msg('consign.vendors.status.pending') },
  { id: 'active', name: msg('consign.vendors.status.active') },
  { id: 'suspended', name: msg('consign.vendors.status.suspended') },
];
