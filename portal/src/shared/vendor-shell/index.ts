/** The frame of every vendor page; wrap a page in <VendorShell what="…">. */

export { myVendorQueryKey, useMyVendor, vendorApi } from '../api/vendor';
export { hasBusinessDetails, VendorShell, VendorStatusNotice } from './VendorShell';
