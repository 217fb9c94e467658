/**
 * What the drop-off specs share: a courier whose one service is dropped off only (no collection),
 * the points it publishes through the API, and the "Drop-off point" section of a page or drawer.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { activeCourier, apiCall, unique } from './support';

const ALL_WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
    d,
    [{ opens: '06:00', closes: '23:00' }],
  ]),
);

/** A courier whose one service, England to Scotland, is dropped off only. */
export async function dropOffCourier(request: APIRequestContext) {
  const serviceName = `Drop Express ${unique()}`;
  const courier = await activeCourier(request, {
    shopName: `Drop Couriers ${unique()}`,
    service: {
      name: serviceName,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
      handover: 'drop_off',
      labelMode: 'printed',
    },
  });
  return { ...courier, serviceName, serviceId: courier.serviceId as string };
}

/** A point in London open 06:00–23:00 every day, taking the service's parcels. */
export async function publishPoint(
  request: APIRequestContext,
  token: string,
  serviceId: string,
  point: { code: string; name: string; line1: string; postcode: string },
) {
  return (await apiCall(request, 'post', '/api/v1/vendor/dropoff-points', token, {
    code: point.code,
    name: point.name,
    address: { line1: point.line1, town: 'London', postcode: point.postcode },
    openingHours: ALL_WEEK,
    closedDates: [{ date: '2030-12-25', reason: 'Christmas Day' }],
    maxWeightKg: 20,
    serviceIds: [serviceId],
  })) as { id: string; name: string };
}

/** The "Drop-off point" section of a page or a drawer. */
export const pointSection = (scope: Page | Locator) => {
  // A filter's `has` is matched inside each section, so it must start from the page.
  const page = 'goto' in scope ? scope : scope.page();
  return (
    scope
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Drop-off point', exact: true }) })
      // The innermost: the page's own sections hold it too.
      .last()
  );
};
