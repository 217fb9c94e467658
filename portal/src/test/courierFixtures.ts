/** Test data for the courier services pages' unit tests. */

import type { CourierService, Vendor } from '../shared/api/courier-services';
import { customer, sessionFor } from './fetchStub';

export const vendorUser = {
  ...customer,
  id: 'u_v',
  email: 'swift@example.com',
  name: 'Swift',
  role: 'vendor' as const,
};
export const vendorSession = sessionFor(vendorUser);

export const activeVendor: Vendor = {
  id: 'v1',
  status: 'active',
  shopName: 'Swift Couriers',
  addressLine1: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  description: null,
  website: null,
  logoUrl: null,
  vatNumber: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export function service(overrides: Partial<CourierService> & { id: string }): CourierService {
  return {
    vendorId: 'v1',
    name: `Service ${overrides.id}`,
    logoUrl: null,
    serviceType: 'domestic',
    currency: 'GBP',
    fromLocation: 'Any',
    toLocation: 'Any',
    weightTiers: [{ maxKg: 1, price: 649 }],
    maxLengthCm: null,
    maxWidthCm: null,
    maxHeightCm: null,
    maxWeightKg: null,
    volumetricDivisor: 5000,
    transitDays: 2,
    sameDay: null,
    handover: 'both',
    labelMode: 'printed',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
