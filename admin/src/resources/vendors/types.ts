export type VendorStatus = 'pending' | 'active' | 'suspended';

/**
 * A vendor business as GET /api/v1/admin/vendors/{id} returns it (AdminVendor in openapi.yaml).
 * Business fields are null until the vendor completes registration.
 */
export interface Vendor {
  id: string;
  ownerId: string;
  ownerEmail: string;
  ownerName: string | null;
  status: VendorStatus;
  shopName: string | null;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  description: string | null;
  website: string | null;
  logoUrl: string | null;
  vatNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Choices for SelectField / SelectInput; names are i18n keys (see i18n/en.ts). */
export const VENDOR_STATUS_CHOICES: { id: VendorStatus; name: string }[] = [
  { id: 'pending', name: 'consign.vendors.status.pending' },
  { id: 'active', name: 'consign.vendors.status.active' },
  { id: 'suspended', name: 'consign.vendors.status.suspended' },
];
