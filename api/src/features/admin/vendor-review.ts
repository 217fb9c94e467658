import type { Database } from '../../db/client';

/**
 * STAND-IN for `getVendorReviewData` from `features/vendors/vendors.service.ts`, which the vendor
 * onboarding work provides. Same signature; it answers "nothing submitted yet" until the lead
 * points the import in admin.service.ts at the real function after merging.
 */
export async function getVendorReviewData(
  _db: Database,
  _vendorId: string,
): Promise<{
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
}> {
  return { onboarding: null, documents: [] };
}
