import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { axe } from './a11y';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  activeCourier,
  apiCall,
  guard,
  openOrderDrawer,
  PNG,
  paidOrder,
  payInTestMode,
  signedInPage,
  staffConsole,
  unique,
  verifiedAccount,
} from './support';

/**
 * Price adjustments against the built product (TEST MODE payments): a courier measures a parcel
 * heavier than booked and files an adjustment from its dashboard's order drawer (the price checked
 * by its rate card before sending, a photo); the customer sees the notice in its order drawer and
 * disputes it, staff decide it in the console's Adjustments queue and the customer sees the
 * outcome; another is accepted and paid through the payment page; a courier's record (adjustment
 * rate, claims) on its profile and on its quote card.
 */

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

/**
 * Screenshots at desktop and phone widths (and any `widths` more), with `show` scrolled into view;
 * no sideways scroll; axe at each width when asked.
 */
async function look(
  page: Page,
  name: string,
  show?: Locator,
  { checkAxe = false, widths = [1280, 390] }: { checkAxe?: boolean; widths?: number[] } = {},
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await show?.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    if (checkAxe) await axe(page, name, `${width}px`);
    await page.screenshot({ path: `test-results/adjustments-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a courier files an adjustment with a photo and the customer disputes it', async ({ browser }) => {
  // Two people's screens in turn, each signed in.
  test.slow();
  const request = (await browser.newContext()).request;
  const { courier, customer, order } = await collectedOrder(request);

  const vendor = await signedInPage(browser, courier);
  const vendorWatch = guard(vendor);
  const vendorDrawer = await openOrderDrawer(vendor, order.reference, '/vendor-dashboard');
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
  const drawer = await openOrderDrawer(page, order.reference);
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

  // Staff open the console's Adjustments queue (disputed ones, oldest first) and decide it.
  const { staff, watch: staffWatch, menu } = await staffConsole(browser, 'Adjustments');
  await menu.click();
  // Other specs' disputed adjustments may wait in the queue too: this one is found by its order.
  const row = staff.getByRole('row').filter({ hasText: order.reference });
  await expect(row.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(row.getByText('£3.60')).toBeVisible();
  await staffWatch.expectClean('the adjustments queue');
  await look(staff, 'console-queue', staff.locator('tr', { hasText: order.reference }), { checkAxe: true });
  await row.getByText(order.reference).click();
  await expect(staff.getByText('Waiting for your decision: the customer disputed it.')).toBeVisible();
  await expect(staff.getByText('30 × 20 × 10 cm, 2 kg', { exact: true })).toBeVisible();
  await expect(staff.getByText('30 × 20 × 10 cm, 4 kg', { exact: true })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(staff.getByText('It weighed 2 kg on my kitchen scales before I booked')).toBeVisible();
  await staffWatch.expectClean('the adjustment’s page');
  await look(staff, 'console-adjustment', undefined, { checkAxe: true });

  await staff.getByRole('button', { name: 'Overturn' }).click();
  const decide = await expectOpened(staff.getByRole('dialog', { name: /^Overturn adjustment #/ }));
  await decide.getByRole('button', { name: 'Overturn' }).click();
  await expect(decide.getByText('Give a reason for this change')).toBeVisible();
  await decide
    .getByLabel('Reason (kept in the audit log)')
    .fill('The booking photo shows the parcel on 2 kg scales');
  await look(staff, 'console-decide', staff.locator('.MuiDialog-paper'), { checkAxe: true });
  await decide.getByRole('button', { name: 'Overturn' }).click();
  await expect(staff.getByText(/^Adjustment #\w+ overturned: nothing is charged$/)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Overturn' })).toHaveCount(0);
  await expect(staff.getByText('Overturned', { exact: true }).first()).toBeVisible();
  await staffWatch.expectClean('the decided adjustment');
  await look(staff, 'console-decided', undefined, { checkAxe: true });

  // The customer sees the outcome: nothing to pay.
  await page.reload();
  const after = await openOrderDrawer(page, order.reference);
  const outcome = after.getByRole('article', { name: /^Price adjustment #/ });
  await expect(outcome.getByText('Overturned', { exact: true })).toBeVisible();
  await expect(after.getByRole('button', { name: /Accept and pay/ })).toHaveCount(0);
  await expect(
    after
      .getByRole('list', { name: 'Tracking timeline' })
      .getByText('Price adjustment overturned by Consign staff: nothing to pay'),
  ).toBeVisible();
  await watch.expectClean();
  await look(page, 'customer-overturned', outcome);
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
  let drawer = await openOrderDrawer(page, order.reference);
  await drawer.getByRole('button', { name: 'Accept and pay £3.60' }).click();
  await expect(page.getByRole('heading', { name: 'Pay the price adjustment', level: 1 })).toBeVisible();
  await expect(page.getByText('To pay', { exact: true })).toBeVisible();
  await watch.expectClean();
  await look(page, 'payment');
  await payInTestMode(page);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(/Adjustment #\w+ is paid/)).toBeVisible();

  drawer = await openOrderDrawer(page, order.reference);
  const paid = drawer.getByRole('article', { name: /^Price adjustment #/ });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByText('You paid the difference. Thank you.')).toBeVisible();
  await expect(
    drawer.getByRole('list', { name: 'Tracking timeline' }).getByText('Price adjustment paid'),
  ).toBeVisible();
  await watch.expectClean();
  await look(page, 'paid', paid);
});

test('a courier’s record of adjustments and claims shows on its profile and its quote card', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const courier = await activeCourier(request, {
    shopName: `Record Couriers ${unique()}`,
    service: {
      name: `Recorded Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
      weightTiers: TIERS,
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const page = await (await browser.newContext()).newPage();
  const watch = guard(page);

  // One paid order: too few to say anything.
  const first = await paidOrder(request, customer.token, {
    serviceId: courier.serviceId!,
    contents: 'Books',
  });
  // The order is counted by an outbox subscriber after the payment, and the profile reads the
  // score board, which sees it within a second: both checks are retried until they settle.
  const profileShows = (record: string, note?: string) =>
    expect(async () => {
      await page.goto(`/couriers/${courier.vendorId}`);
      await expect(page.getByTestId('courier-record')).toHaveText(record, { timeout: 2_000 });
      if (note) await expect(page.getByText(note)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  await profileShows(
    'Adjustments and claims: Not enough orders yet',
    'Adjustments and claims shown from 10 orders in the last 90 days (1 so far).',
  );
  await watch.expectClean();
  await look(page, 'record-too-few', page.getByTestId('courier-record'), { checkAxe: true });

  // Ten paid orders, one adjusted: 10 % of orders adjusted, no claims.
  for (let i = 0; i < 9; i++) {
    await paidOrder(request, customer.token, { serviceId: courier.serviceId!, contents: 'Books' });
  }
  for (const status of ['confirmed', 'in_transit']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${first.id}`, courier.token, { status });
  }
  const uploaded = await request.post('/api/v1/uploads', {
    headers: { Authorization: `Bearer ${courier.token}` },
    multipart: { image: { name: 'scales.png', mimeType: 'image/png', buffer: PNG } },
  });
  const { url } = (await uploaded.json()) as { url: string };
  await apiCall(request, 'post', `/api/v1/vendor/orders/${first.id}/adjustments`, courier.token, {
    parcels: [{ length: 30, width: 20, height: 10, weight: 4 }],
    photos: [url],
  });
  const figures = '10% of orders adjusted · 0 claims per 100 orders (last 90 days, 10 orders)';
  await profileShows(figures);
  await watch.expectClean();
  await look(page, 'record-profile', page.getByTestId('courier-record'), {
    checkAxe: true,
    widths: [1280, 390, 320],
  });

  // The quote card shows the same beside the on-time score.
  await page.goto('/result?type=Domestic&from=England&to=Scotland&length=30&width=20&height=10&weight=2');
  const card = page.getByTestId('quote-card').filter({ hasText: courier.shopName });
  await expect(card.getByTestId('courier-record')).toHaveText(figures);
  await watch.expectClean();
  await look(page, 'record-quote-card', card, { checkAxe: true, widths: [1280, 390, 320] });
});
