import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkAccessibility } from './a11y';
import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  accessToken,
  activeCourier,
  apiCall,
  DEMO_CUSTOMER,
  edinburghRecipient,
  fillAddresses,
  guard,
  londonSender,
  paidOrder,
  payInTestMode,
  searchCourierOrders,
  signedInPage,
  unique,
  verifiedAccount,
} from './support';

/**
 * The vendor side of the marketplace loop, against the real API serving the built portal, with
 * the TEST MODE payment provider:
 * - a customer books and pays for a new courier's service, and the courier finds the order on the
 *   dashboard, moves it to in transit with a tracking number (the customer's timeline shows it)
 *   and exports it as CSV;
 * - a customer posts and pays a job through the form, the courier accepts it with a service, and
 *   it becomes an order on that courier's dashboard.
 * The courier, its service and the booking are made through the API: the service form and the
 * booking pages have their own specs (courier-services, booking). The two tests run side by side.
 */

const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';
const recipientAt = (name: string) => edinburghRecipient(name, 'recipient@example.com');

/** A new active courier with one domestic service, England to Scotland, up to 30 kg at £4.00. */
const courierWithService = (request: APIRequestContext, name: string) =>
  activeCourier(request, {
    service: {
      name,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
      weightTiers: [{ maxKg: 30, price: 400 }],
    },
  });

/** Filters the vendor dashboard to one recipient and answers that order's row. */
async function findOrder(page: Page, recipient: string) {
  await searchCourierOrders(page, recipient);
  await expect(page.getByRole('heading', { name: 'Order Status Distribution' })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 orders')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: recipient });
  await expect(row).toHaveCount(1);
  return row;
}

test('a courier handles an order from booking to in transit, and exports it', async ({ browser }) => {
  const request = (await browser.newContext()).request;
  const serviceName = `E2E Nationwide ${unique()}`;
  const recipient = `Morag ${unique()}`;
  const courier = await courierWithService(request, serviceName);
  const vendor = await signedInPage(browser, courier);

  // The customer books that service and pays in TEST MODE.
  const { reference } = await paidOrder(request, await accessToken(request, DEMO_CUSTOMER), {
    serviceId: courier.serviceId!,
    delivery: { name: recipient },
    notes: 'Ring the bell twice',
  });
  expect(reference).toMatch(/^#[0-9a-z-]{8}$/i);
  const customer = await signedInPage(browser, DEMO_CUSTOMER);

  // The courier finds it, opens it and moves it on: confirmed, then in transit with a tracking number.
  const row = await findOrder(vendor, recipient);
  await expect(row).toContainText(reference);
  await expect(row).toContainText(serviceName);
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: `View details of order ${reference}` }).click();
  const drawer = await expectOpened(vendor.getByRole('dialog', { name: `Order ${reference}` }));
  await expect(drawer.getByRole('heading', { name: "Customer's Notes" })).toBeVisible();
  await expect(drawer.getByText('Ring the bell twice')).toBeVisible();
  await drawer.getByRole('button', { name: 'Edit Order' }).click();
  await drawer.getByLabel('Status').selectOption('confirmed');
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(vendor.getByText('Order updated successfully!').first()).toBeVisible();
  // The drawer stays open on the saved order, so the next step follows in the same place.
  await expect(drawer.getByLabel('Status')).toHaveValue('confirmed');
  await expect(row.getByText('Confirmed')).toBeVisible();

  const tracking = `E2E-${unique().toUpperCase()}`;
  await drawer.getByLabel('Status').selectOption('in_transit');
  await drawer.getByLabel('Tracking Number').fill(tracking);
  await drawer.getByLabel('Courier Notes').fill('Collected on time');
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(drawer.getByLabel('Status')).toHaveValue('in_transit');
  await drawer.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(drawer).toBeHidden();
  await expect(row.getByText('In transit')).toBeVisible();
  // The status filter finds it among in-transit orders only.
  await vendor.getByRole('combobox', { name: 'Status' }).selectOption('in_transit');
  await expect(vendor.getByText('Showing 1 of 1 orders')).toBeVisible();

  // The customer's timeline shows the move, their notes intact beside the courier's.
  await customer.goto('/dashboard');
  const customerRow = customer.getByRole('row').filter({ hasText: reference });
  await expect(customerRow.getByText('In transit')).toBeVisible();
  await customerRow.getByRole('button', { name: `View details of order ${reference}` }).click();
  const detail = await expectOpened(customer.getByRole('dialog', { name: `Order ${reference}` }));
  const timeline = detail.getByRole('list', { name: 'Tracking timeline' });
  await expect(timeline.getByText('In transit')).toBeVisible();
  await expect(timeline.getByText(new RegExp(`Tracking number ${tracking}`))).toBeVisible();
  await expect(detail.getByText('Ring the bell twice')).toBeVisible();
  await expect(detail.getByText('Collected on time')).toBeVisible();

  // The export holds the order: every filtered row, from the server.
  const downloading = vendor.waitForEvent('download');
  await vendor.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vendor-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8');
  expect(csv).toContain('Order ID,Date,Recipient,Courier,Status,Price,Currency');
  expect(csv).toContain(`${reference},`);
  expect(csv).toContain(recipient);
  expect(csv).toContain('in_transit');
});

test('a paid job accepted by a courier becomes an order on its dashboard', async ({ browser }) => {
  const request = (await browser.newContext()).request;
  const serviceName = `E2E Jobs ${unique()}`;
  const recipient = `Ailsa ${unique()}`;
  const courier = await courierWithService(request, serviceName);
  const vendor = await signedInPage(browser, courier);

  // The customer posts a job at their own price and pays it.
  const customer = await signedInPage(browser, DEMO_CUSTOMER);
  await customer.goto(`/post-job?${ROUTE}`);
  const form = customer.getByRole('form', { name: 'Post a job' });
  await fillAddresses(form, londonSender(DEMO_CUSTOMER.email), recipientAt(recipient));
  await form.getByLabel('Collection date').fill(await serverBookableDay(customer.request));
  await form.getByLabel('Package content').fill('Vinyl records');
  await form.getByLabel('Content value (£)').fill('60.00');
  await form.getByLabel('Asking price (£)').fill('24.00');
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Post job and pay' }).click();
  await expect(customer).toHaveURL(/\/payment\?job=/);
  await payInTestMode(customer);
  await expect(customer).toHaveURL(/\/dashboard\?tab=jobs/);
  const jobReference =
    (await customer.getByText(/Job #\w{8} is posted/).textContent())?.match(/#\w{8}/)?.[0] ?? '';
  expect(jobReference).toMatch(/^#\w{8}$/);

  // The courier sees it among the available bids and accepts it with the new service.
  await vendor.goto('/vendor-bids');
  await expect(vendor.getByRole('heading', { name: 'Available Bids' })).toBeVisible();
  const bid = vendor.getByRole('article', { name: `Bid ${jobReference}` });
  await expect(bid).toContainText('Vinyl records');
  await expect(bid).toContainText('£24.00');
  await bid.getByRole('button', { name: 'Accept Bid' }).click();
  const dialog = await expectOpened(vendor.getByRole('dialog', { name: 'Select Courier Service' }));
  await dialog.getByRole('radio', { name: new RegExp(serviceName) }).check();
  await dialog.getByRole('button', { name: 'Accept Bid' }).click();
  await expect(vendor.getByText('Bid accepted successfully! Order has been created.')).toBeVisible();
  await expect(bid).toBeHidden();

  // It is now an order on the courier's dashboard, pending, with the job's price.
  const row = await findOrder(vendor, recipient);
  await expect(row).toContainText(serviceName);
  await expect(row).toContainText('£24.00');
  await expect(row.getByText('Pending')).toBeVisible();
});

test('a courier’s CSV sends an order out for delivery with the driver and window; a bad window is refused at its column', async ({
  browser,
}) => {
  const request = (await browser.newContext()).request;
  const courier = await courierWithService(request, `E2E Rounds ${unique()}`);
  const customer = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, customer.token, { serviceId: courier.serviceId as string });
  for (const status of ['confirmed', 'in_transit']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  }
  const vendor = await signedInPage(browser, courier);
  const watch = guard(vendor);
  await vendor.goto('/vendor-dashboard');
  const bulk = vendor.getByRole('region', { name: 'Update orders from a CSV' });
  const csv = [
    'Order ID,Status or event,Tracking number,Note,Date,Driver,Window from,Window to',
    `${order.reference},out for delivery,,,,Sam,12:00,10:00`,
    `${order.reference},out for delivery,,,,Sam,10:00,12:00`,
  ].join('\r\n');
  await bulk
    .getByLabel('CSV file')
    .setInputFiles({ name: 'rounds.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const checked = bulk.getByRole('table', { name: 'Checked rows' });
  await checkAccessibility(vendor, 'vendor-bulk-rounds', () =>
    expect(checked.getByRole('row').nth(1)).toContainText('Window to: The window must end after it starts'),
  );
  await expect(checked.getByRole('row').nth(2)).toContainText('With driver Sam, 10:00–12:00');
  expect(
    await vendor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await vendor.setViewportSize({ width: 1280, height: 900 });
  await bulk.getByRole('button', { name: 'Apply 1 row' }).click();
  await expect(bulk.getByText('1 applied, 1 not applied.')).toBeVisible();
  const detail = await apiCall(request, 'get', `/api/v1/orders/${order.id}`, customer.token);
  expect((detail.events as unknown[]).at(-1)).toMatchObject({
    driverName: 'Sam',
    windowFrom: '10:00',
    windowTo: '12:00',
  });
  await watch.expectClean();
});
