import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import type { HttpClient } from './http';
import type { Vendor } from './resources/vendors/types';

export const ADMIN_API = '/api/v1/admin';

/** react-admin's standard methods plus the admin actions that are not CRUD. */
export interface ConsignDataProvider extends DataProvider {
  activateVendor(id: Identifier): Promise<{ data: Vendor }>;
  suspendVendor(id: Identifier): Promise<{ data: Vendor }>;
}

/**
 * The admin API follows ra-data-simple-rest's conventions (sort/range/filter query parameters,
 * Content-Range), so the stock provider serves every resource; only state transitions are custom.
 */
export function createDataProvider(httpClient: HttpClient, apiUrl = ADMIN_API): ConsignDataProvider {
  const vendorAction = (action: 'activate' | 'suspend') => async (id: Identifier) => {
    const { json } = await httpClient(`${apiUrl}/vendors/${encodeURIComponent(String(id))}/${action}`, {
      method: 'POST',
      // An empty JSON object rather than no body: it satisfies a route that declares an optional
      // strict body as well as one that declares none.
      body: '{}',
    });
    return { data: json as Vendor };
  };

  return {
    ...simpleRestProvider(apiUrl, httpClient),
    activateVendor: vendorAction('activate'),
    suspendVendor: vendorAction('suspend'),
  };
}
