import type { ResourceProps } from 'react-admin';
import type { Vendor } from '../../types';
import { VendorIcon } from './VendorIcon';
import { VendorList } from './VendorList';
import { VendorShow } from './VendorShow';

/** Vendors: staff review registrations and activate or suspend them. No edit: vendors own their data. */
const vendors = {
  list: VendorList,
  show: VendorShow,
  icon: VendorIcon,
  recordRepresentation: (vendor: Vendor) => vendor.shopName ?? vendor.ownerEmail,
} satisfies Omit<ResourceProps, 'name'>;

export default vendors;
