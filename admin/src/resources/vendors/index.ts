import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { Vendor } from '../../types';
import { VendorIcon } from './VendorIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const VendorList = lazy(() => import('./VendorList').then((m) => ({ default: m.VendorList })));
const VendorShow = lazy(() => import('./VendorShow').then((m) => ({ default: m.VendorShow })));

/** Vendors: staff review registrations and activate or suspend them. No edit: vendors own their data. */
const vendors = {
  list: VendorList,
  show: VendorShow,
  icon: VendorIcon,
  recordRepresentation: (vendor: Vendor) => vendor.shopName ?? vendor.ownerEmail,
} satisfies Omit<ResourceProps, 'name'>;

export default vendors;
