import { useRecordContext } from 'react-admin';
import { ReasonAction } from '../../ReasonAction';
import type { Vendor } from '../../types';

/**
 * Activate / Suspend for the vendor in context, each with a required reason. The server decides
 * which transitions are allowed; the buttons only hide the one that would be a no-op.
 */
export function VendorStatusButtons() {
  const vendor = useRecordContext<Vendor>();
  if (!vendor) return null;
  const name = vendor.shopName ?? vendor.ownerEmail;
  return (
    <>
      {vendor.status !== 'active' && (
        <ReasonAction
          target={{ resource: 'vendors', action: 'activate' }}
          id={vendor.id}
          name={name}
          label="consign.vendors.activate"
          title="consign.vendors.activate_title"
          content="consign.vendors.activate_content"
          success="consign.vendors.activated"
        />
      )}
      {vendor.status !== 'suspended' && (
        <ReasonAction
          target={{ resource: 'vendors', action: 'suspend' }}
          id={vendor.id}
          name={name}
          label="consign.vendors.suspend"
          title="consign.vendors.suspend_title"
          content="consign.vendors.suspend_content"
          success="consign.vendors.suspended"
          color="error"
        />
      )}
    </>
  );
}
