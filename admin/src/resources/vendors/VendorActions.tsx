import { type ReasonActionSpec, ReasonToolbar } from '../../components/ReasonAction';
import type { Vendor } from '../../types';

/**
 * Activate / Suspend for the vendor in context, each with a required reason. The server decides
 * which transitions are allowed; the toolbar only hides the one that would be a no-op.
 */
export const vendorStatusActions = (vendor: Vendor): (ReasonActionSpec | false)[] => [
  vendor.status !== 'active' && {
    target: { resource: 'vendors', action: 'activate' },
    prompt: 'consign.vendors.activate',
    success: 'consign.vendors.activated',
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
    <ReasonToolbar<Vendor>
      name={(vendor) => vendor.shopName ?? vendor.ownerEmail}
      actions={vendorStatusActions}
    />
  );
}
