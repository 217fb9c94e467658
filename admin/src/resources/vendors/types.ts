import type { components } from '@consign/api/client';

type Schemas = components['schemas'];

export type VendorStatus = Schemas['VendorStatus'];

/**
 * A vendor business as GET /api/v1/admin/vendors/{id} returns it: AdminVendor in openapi.yaml,
 * taken from the generated schema so a contract change is a type error here. Business fields are
 * null until the vendor completes registration.
 */
export type Vendor = Schemas['AdminVendor'];

/** Choices for SelectField / SelectInput; names are i18n keys (see i18n/en.ts). */
export const VENDOR_STATUS_CHOICES: { id: VendorStatus; name: string }[] = [
  { id: 'pending', name: 'consign.vendors.status.pending' },
  { id: 'active', name: 'consign.vendors.status.active' },
  { id: 'suspended', name: 'consign.vendors.status.suspended' },
];
