import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  activeCourier,
  apiCall,
  guard,
  paidOrder,
  payInTestMode,
  signedInPage,
  unique,
  verifiedAccount,
} from './support';

/**
 * Price adjustments against the built product (TEST MODE payments): a courier measures a parcel
 * heavier than booked and files an adjustment from its dashboard's order drawer (the price checked
 * by its rate card before sending, a photo); the customer sees the notice in its order drawer and
 * disputes it; another is accepted and paid through the payment page.
 */

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The courier's card: the booked 2 kg parcel costs £5.00 net, measured at 4 kg £8.00 (+ VAT: £3.60 more). */
const TIERS = [
  { maxKg: 2, price: 500 },
  { maxKg: 5, price: 800 },
  { maxKg: 30, price: 1500 },
];

async function collectedOrder(request: APIRequestContext) {
  const courier = await activeCourier(request, {
    shopName: `Scales Couriers ${unique()}`,
    service: {
      name: `Measured Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
      weightTiers: TIERS,
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, customer.token, {
    serviceId: courier.serviceId!,
    contents: 'Books',
  });
  for (const status of ['confirmed', 'in_transit']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  }
  return { courier, customer, order };
}

/** Screenshots at desktop and phone widths, with `show` scrolled into view; no sideways scroll. */
async function look(page: Page, name: string, show?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await show?.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/adjustments-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openOrder(page: Page, path: string, reference: string) {
  await page.goto(path);
  await page.getByRole('button', { name: `View details of order ${reference}` }).click();
  return expectOpened(page.getByRole('dialog', { name: `Order ${reference}` }));
}

test('a courier files an adjustment with a photo and the customer disputes it', async ({ browser }) => {
  // Two people's screens in turn, each signed in.
  test.slow();
  const request = (await browser.newContext()).request;
  const { courier, customer, order } = await collectedOrder(request);

  const vendor = await signedInPage(browser, courier);
  const vendorWatch = guard(vendor);
  const vendorDrawer = await openOrder(vendor, '/vendor-dashboard', order.reference);
  await vendorDrawer.getByRole('button', { name: 'Adjust weight or size' }).click();
  const form = vendorDrawer.getByRole('form', { name: 'Adjust weight or size' });
  await expect(form.getByLabel('Length (cm)')).toBeFocused();
  await expect(form.getByLabel('Weight (kg)')).toHaveValue('2');
  // As booked: the card says there is nothing to adjust.
  await form.getByRole('button', { name: 'Check the price' }).click();
  await expect(form.getByText(/there is nothing to adjust/)).toBeVisible();
  // That refusal is the API's 422, which the browser logs as a failed request: expected here.
  vendorWatch.reset();
  await form.getByLabel('Weight (kg)').fill('4');
  await form.getByRole('button', { name: 'Check the price' }).click();
  const price = form.getByLabel('The adjusted price');
  await expect(price.getByText('£3.60')).toBeVisible();
  await expect(price.getByText('£9.60')).toBeVisible();
  await form.getByLabel('Photo of the measurement').setInputFiles({
    name: 'scales.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(form.getByRole('list', { name: 'Photos added' }).getByRole('listitem')).toHaveCount(1);
  await form.getByLabel('Note for the customer (optional)').fill('Weighed 4 kg on the depot scales');
  await look(vendor, 'courier-form', form);
  await form.getByRole('button', { name: 'File adjustment for £3.60' }).click();
  const filed = vendorDrawer.getByRole('article', { name: /^Price adjustment #/ });
  await expect(filed.getByText('Awaiting your answer')).toBeVisible();
  await expect(filed.getByText(/Waiting for the customer/)).toBeVisible();
  await vendorWatch.expectClean();
  await look(vendor, 'courier-filed', filed);

  const page = await signedInPage(browser, customer);
  const watch = guard(page);
  const drawer = await openOrder(page, '/dashboard', order.reference);
  const notice = drawer.getByRole('article', { name: /^Price adjustment #/ });
  await expect(notice.getByText(/Nothing is charged unless you accept/)).toBeVisible();
  await expect(notice.getByText('30 × 20 × 10 cm, 2 kg (2 kg chargeable)')).toBeVisible();
  await expect(notice.getByText('30 × 20 × 10 cm, 4 kg (4 kg chargeable)')).toBeVisible();
  await expect(notice.getByText('£3.60')).toBeVisible();
  await expect(notice.getByText('Weighed 4 kg on the depot scales')).toBeVisible();
  await expect(notice.getByRole('img', { name: 'The courier’s photo 1' })).toBeVisible();
  await watch.expectClean();
  await look(page, 'customer-notice', notice);

  await drawer.getByRole('button', { name: 'Dispute' }).click();
  const dispute = drawer.getByRole('form', { name: 'Dispute the adjustment' });
  await expect(dispute.getByLabel('Why you dispute it')).toBeFocused();
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute.getByText('Say why you dispute it in at least 10 characters')).toBeVisible();
  await dispute.getByLabel('Why you dispute it').fill('It weighed 2 kg on my kitchen scales before I booked');
  await look(page, 'customer-dispute', dispute);
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(notice.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(notice.getByText('It weighed 2 kg on my kitchen scales before I booked')).toBeVisible();
  await expect(drawer.getByRole('button', { name: /Accept and pay/ })).toHaveCount(0);
  await expect(
    drawer
      .getByRole('list', { name: 'Tracking timeline' })
      .getByText('Price adjustment disputed: Consign staff decide'),
  ).toBeVisible();
  await watch.expectClean();
  await look(page, 'customer-disputed', notice);
});

test('a customer accepts an adjustment and pays the difference', async ({ browser }) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const { courier, customer, order } = await collectedOrder(request);
  const uploaded = await request.post('/api/v1/uploads', {
    headers: { Authorization: `Bearer ${courier.token}` },
    multipart: { image: { name: 'scales.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  await apiCall(request, 'post', `/api/v1/vendor/orders/${order.id}/adjustments`, courier.token, {
    parcels: [{ length: 30, width: 20, height: 10, weight: 4 }],
    photos: [url],
  });

  const page = await signedInPage(browser, customer);
  const watch = guard(page);
  let drawer = await openOrder(page, '/dashboard', order.reference);
  await drawer.getByRole('button', { name: 'Accept and pay £3.60' }).click();
  await expect(page.getByRole('heading', { name: 'Pay the price adjustment', level: 1 })).toBeVisible();
  await expect(page.getByText('To pay', { exact: true })).toBeVisible();
  await watch.expectClean();
  await look(page, 'payment');
  await payInTestMode(page);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(/Adjustment #\w+ is paid/)).toBeVisible();

  drawer = await openOrder(page, '/dashboard', order.reference);
  const paid = drawer.getByRole('article', { name: /^Price adjustment #/ });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByText('You paid the difference. Thank you.')).toBeVisible();
  await expect(
    drawer.getByRole('list', { name: 'Tracking timeline' }).getByText('Price adjustment paid'),
  ).toBeVisible();
  await watch.expectClean();
  await look(page, 'paid', paid);
});
