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

/**
 * GET /api/v1/admin/vendors/{id} adds what staff judge a registration by (AdminVendorDetail in
 * openapi.yaml). Onboarding answers are keyed by question and rendered whatever their keys, so
 * the vendor form can change without the console following.
 */
export interface VendorDetail extends Vendor {
  onboarding: {
    status: 'draft' | 'submitted';
    submittedAt: string | null;
    answers: Record<string, unknown>;
  } | null;
  documents: {
    id: string;
    name: string;
    url: string;
    contentType: string;
    size: number;
    uploadedAt: string;
  }[];
  services: {
    id: string;
    name: string;
    serviceType: string;
    status: string;
    fromLocation: string;
    toLocation: string[];
    transitDays: number | null;
  }[];
}
