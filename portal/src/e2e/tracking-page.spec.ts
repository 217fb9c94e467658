import type { APIRequestContext } from '@playwright/test';
import { checkAccessibility } from './a11y';
import { expect, test } from './fixtures';
import { activeCourier, apiCall, guard, paidOrder, unique, verifiedAccount } from './support';

/**
 * The public tracking page's headline and the line under it (issue 51, item 9; docs/api.md, "Tracking events"):
 * out for delivery today leads with the window the courier gave and names the driver, with no
 * promised day beside it; without a window, the headline alone; delivered says when. Each state
 * at 1280 and 390 px with axe, signed out.
 */
async function parcelOnItsWay(request: APIRequestContext) {
  const courier = await activeCourier(request, {
    shopName: `Round Couriers ${unique()}`,
    service: { name: 'Round Next Day', serviceType: 'domestic', fromLocation: 'Any', toLocation: 'Any' },
  });
  const customer = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, customer.token, { serviceId: courier.serviceId as string });
  for (const status of ['confirmed', 'in_transit']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  }
  const detail = await apiCall(request, 'get', `/api/v1/orders/${order.id}`, customer.token);
  const event = (body: Record<string, unknown>) =>
    apiCall(request, 'post', `/api/v1/vendor/orders/${order.id}/events`, courier.token, body);
  const move = (status: string) =>
    apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  return { code: detail.trackingCode as string, event, move };
}

test('out for delivery with a window: the window in the headline, the driver under it, no promised day', async ({
  browser,
  request,
}) => {
  const parcel = await parcelOnItsWay(request);
  await parcel.event({ kind: 'out_for_delivery', driverName: 'Sam', windowFrom: '10:00', windowTo: '12:00' });
  const page = await (await browser.newContext()).newPage();
  const watch = guard(page);
  await page.goto(`/track/${parcel.code}`);
  const headline = page.getByRole('heading', { level: 1, name: 'Out for delivery today, 10:00–12:00' });
  await checkAccessibility(page, 'tracking-out-window', () => expect(headline).toBeVisible());
  await expect(page.locator('.tracking__promise')).toHaveText('With driver Sam');
  await expect(page.getByText(/Expected/)).toHaveCount(0);
  const timeline = page.getByRole('list', { name: 'Tracking timeline' });
  await expect(timeline.getByText('Out for delivery: with driver Sam, 10:00–12:00')).toBeVisible();
  await expect(page.getByRole('list', { name: /Progress: stage 4 of 5/ })).toBeVisible();
  // The help speaks of the driver's window, not of an expected day the page does not show.
  await expect(page.getByText(/The time window is the courier’s estimate for today’s round/)).toBeVisible();
  await expect(page.getByText(/expected day/i)).toHaveCount(0);
  // The window is one unit: a line never breaks inside it (it broke at its dash at 1280 px).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scope of [headline, timeline]) {
      const window = scope.locator('.nowrap', { hasText: '10:00–12:00' });
      await expect(window).toHaveText('10:00–12:00');
      expect(await window.evaluate((span) => span.getClientRects().length), `at ${width}px`).toBe(1);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('tracking-out-window-1280.png'), fullPage: true });
  await watch.expectClean();
});

test('out for delivery without a window: the headline alone, no promised day', async ({
  browser,
  request,
}) => {
  const parcel = await parcelOnItsWay(request);
  await parcel.event({ kind: 'out_for_delivery' });
  const page = await (await browser.newContext()).newPage();
  const watch = guard(page);
  await page.goto(`/track/${parcel.code}`);
  const headline = page.getByRole('heading', { level: 1, name: 'Out for delivery today' });
  await checkAccessibility(page, 'tracking-out', () => expect(headline).toBeVisible());
  await expect(page.locator('.tracking__promise')).toHaveCount(0);
  await expect(page.getByText(/Expected/)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('tracking-out-1280.png'), fullPage: true });
  await watch.expectClean();
});

test('delivered: when it was delivered, not when it was expected', async ({ browser, request }) => {
  const parcel = await parcelOnItsWay(request);
  await parcel.event({ kind: 'out_for_delivery', windowFrom: '08:00', windowTo: '09:30' });
  await parcel.move('delivered');
  const page = await (await browser.newContext()).newPage();
  const watch = guard(page);
  await page.goto(`/track/${parcel.code}`);
  const headline = page.getByRole('heading', { level: 1, name: 'Delivered' });
  await checkAccessibility(page, 'tracking-delivered', () => expect(headline).toBeVisible());
  await expect(page.locator('.tracking__promise')).toHaveText(
    /^Delivered \w{3}, \d{1,2} \w{3,4} \d{4}, \d\d:\d\d$/,
  );
  await expect(page.getByText(/Expected|estimate/i)).toHaveCount(0);
  await expect(page.getByText(/Check with neighbours/)).toBeVisible();
  await expect(page.getByRole('list', { name: /Progress: stage 5 of 5/ })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('tracking-delivered-1280.png'), fullPage: true });
  await watch.expectClean();
});
