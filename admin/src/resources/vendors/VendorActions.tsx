import { type ReasonActionSpec, ReasonToolbar } from '../../components/ReasonAction';
import type { MessageKey } from '../../i18n/keys';
import type { Vendor, VendorDetail } from '../../types';

/** What is missing for a vendor to be quoted and collected from, said before staff activate it. */
export function activationWarnings(vendor: Vendor | VendorDetail): MessageKey[] {
  const warnings: MessageKey[] = [];
  if ('onboarding' in vendor && vendor.onboarding?.status !== 'submitted')
    warnings.push('consign.vendors.activate_no_onboarding');
  if (!vendor.postalCode?.trim()) warnings.push('consign.vendors.activate_no_postcode');
  // Onboarding's prices are its services (docs/couriers.md): without an active one it is never quoted.
  if ('services' in vendor && !vendor.services?.some((s) => s.status === 'active'))
    warnings.push('consign.vendors.activate_no_services');
  return warnings;
}

/**
 * Activate / Suspend for the vendor in context, each with a required reason. The server decides
 * which transitions are allowed; the toolbar only hides the one that would be a no-op.
 */
export const vendorStatusActions = (vendor: Vendor | VendorDetail): (ReasonActionSpec | false)[] => [
  vendor.status !== 'active' && {
    target: { resource: 'vendors', action: 'activate' },
    prompt: 'consign.vendors.activate',
    success: 'consign.vendors.activated',
    warnings: activationWarnings(vendor),
  },
  vendor.status !== 'suspended' && {
    target: { resource: 'vendors', action: 'suspend' },
    prompt: 'consign.vendors.suspend',
    success: 'consign.vendors.suspended',
    color: 'error',
  },
];

export function VendorActions() {
  return (
    <ReasonToolbar<VendorDetail>
      name={(vendor) => vendor.shopName ?? vendor.ownerEmail}
      actions={vendorStatusActions}
    />
  );
}
