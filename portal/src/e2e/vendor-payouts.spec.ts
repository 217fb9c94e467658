import { readFile } from 'node:fs/promises';
import { inspectPdf } from '@consign/api/testing/pdf-inspect';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { look } from './layout';
import { expectOpened } from './opened';
import {
  activeCourier,
  adminToken,
  apiCall,
  guard,
  mailedCode,
  paidOrder,
  signedInPage,
  unique,
  verifiedAccount,
} from './support';

/** Down to the narrowest phone (axe at 1280 and 390 px). */
const PHONES = { widths: [1280, 390, 320], axeAt: [1280, 390] };

/**
 * The courier's Payouts page against the built product (TEST MODE payments and payouts, earnings
 * released on delivery: scripts/e2e.sh): a customer pays two orders, staff part-refund one, the
 * courier delivers the other, confirms a PayPal email, staff run payouts; the courier sees the
 * balance, the payout paid, the ledger, and downloads the month's statement. A new courier sees
 * every empty state and confirms its PayPal email through the form. The customer's drawers show
 * each refund and offer the VAT receipt and credit notes; the courier's show the earnings.
 */

test('a courier is paid and downloads its statement', async ({ browser }) => {
  const request = (await browser.newContext()).request;
  const courier = await activeCourier(request, {
    shopName: `Payout Couriers ${unique()}`,
    service: {
      name: `Payout Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const admin = await adminToken(request);
  const delivered = (await paidOrder(request, customer.token, { serviceId: courier.serviceId! })).id;
  const refunded = (await paidOrder(request, customer.token, { serviceId: courier.serviceId! })).id;
  await apiCall(request, 'post', `/api/v1/admin/orders/${refunded}/refund`, admin, {
    reason: 'Parcel arrived late',
    amount: 100,
    bearer: 'courier',
  });
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${delivered}`, courier.token, { status });
  }
  const paypal = `paypal-${unique()}@example.com`;
  await apiCall(request, 'put', '/api/v1/vendor/payout-account', courier.token, { paypalEmail: paypal });
  await apiCall(request, 'post', '/api/v1/vendor/payout-account/verify', courier.token, {
    code: await mailedCode(request, paypal),
  });
  const run = await apiCall(request, 'post', '/api/v1/admin/payouts', admin, {
    vendorIds: [courier.vendorId],
  });
  const item = (run.batch as { items: { amount: number; status: string }[] }).items[0]!;
  expect(item.status).toBe('paid');
  const balance = await apiCall(request, 'get', '/api/v1/vendor/balance', courier.token);

  const page = await signedInPage(browser, courier);
  const watch = guard(page);
  await page.goto('/vendor-payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const figures = page.getByRole('region', { name: 'Balance' });
  await expect(figures.getByText(money(balance.pending as number))).toBeVisible();
  await expect(figures.getByText(money(balance.paidOut as number))).toBeVisible();
  await expect(page.getByText(`Payouts go to ${paypal} (PayPal).`)).toBeVisible();
  const payouts = page.getByRole('region', { name: 'Payouts', exact: true });
  await expect(payouts.getByRole('row').filter({ hasText: money(item.amount) })).toContainText('Paid');
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: /Refund/ })).toHaveCount(1);
  await expect(ledger.getByRole('row').filter({ hasText: /^.*Payout to/ })).toHaveCount(1);
  await watch.expectClean();
  await look(page, 'vendor-payouts', 'paid', PHONES);

  const statements = page.getByRole('region', { name: 'Statements' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    statements
      .getByRole('button', { name: /statement \(PDF\)/ })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^consign-statement-\d{4}-\d{2}-GBP\.pdf$/);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    statements
      .getByRole('button', { name: /statement \(CSV\)/ })
      .first()
      .click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  await watch.expectClean();
});

test('a new courier sees the empty page and confirms its PayPal email through the form', async ({
  browser,
}) => {
  const request = (await browser.newContext()).request;
  const courier = await activeCourier(request, { shopName: `New Couriers ${unique()}` });
  const page = await signedInPage(browser, courier);
  const watch = guard(page);
  await page.goto('/vendor-payouts');
  await expect(page.getByText('No payouts yet.')).toBeVisible();
  await expect(page.getByText(/Nothing earned yet/)).toBeVisible();
  await expect(page.getByText('Add the email of your PayPal account to be paid.')).toBeVisible();
  await watch.expectClean();
  await look(page, 'vendor-payouts', 'empty', PHONES);

  const form = page.getByRole('form', { name: 'PayPal email' });
  await form.getByLabel('PayPal email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(form.getByText('Enter the email address of your PayPal account')).toBeVisible();
  // The browser logs the refused request (422) as a console error: that one was meant.
  watch.reset();
  const paypal = `paypal-${unique()}@example.com`;
  await form.getByLabel('PayPal email').fill(paypal);
  await form.getByRole('button', { name: 'Send code' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm PayPal email' });
  const code = await mailedCode(request, paypal);
  await confirm.getByLabel(`Code emailed to ${paypal}`).fill(code === '000000' ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText(/not right/)).toBeVisible();
  watch.reset();
  await confirm.getByLabel(`Code emailed to ${paypal}`).fill(code);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Payouts go to ${paypal} (PayPal).`)).toBeVisible();
  await look(page, 'vendor-payouts', 'confirmed', PHONES);
  await watch.expectClean();
});

async function pdfText(download: Download) {
  const { pages } = await inspectPdf(await readFile(await download.path()));
  return pages.map((p) => p.text).join('\n');
}

async function openDrawer(page: Page, path: string, reference: string) {
  await page.goto(path);
  await page.getByRole('button', { name: `View details of order ${reference}` }).click();
  const drawer = page.getByRole('dialog', { name: `Order ${reference}` });
  await expectOpened(drawer);
  return drawer;
}

test('the customer downloads the VAT receipt and credit notes; both drawers show the refunds', async ({
  browser,
}) => {
  const request = (await browser.newContext()).request;
  const courier = await activeCourier(request, {
    shopName: `Refund Couriers ${unique()}`,
    service: {
      name: `Refund Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const admin = await adminToken(request);
  const part = (await paidOrder(request, customer.token, { serviceId: courier.serviceId! })).id;
  const full = (await paidOrder(request, customer.token, { serviceId: courier.serviceId! })).id;
  const kept = (await paidOrder(request, customer.token, { serviceId: courier.serviceId! })).id;
  await apiCall(request, 'patch', `/api/v1/vendor/orders/${part}`, courier.token, { status: 'confirmed' });
  for (const amount of [100, 150]) {
    await apiCall(request, 'post', `/api/v1/admin/orders/${part}/refund`, admin, {
      reason: 'Parcel arrived late',
      amount,
      bearer: amount === 100 ? 'courier' : 'platform',
    });
  }
  await apiCall(request, 'post', `/api/v1/admin/orders/${full}/refund`, admin, {
    reason: 'Never collected',
    bearer: 'courier',
  });
  type Detail = {
    reference: string;
    price: { total: number };
    finance: { receipt: { number: string }; creditNotes: { number: string }[] };
  };
  const detail = async (id: string) =>
    (await apiCall(request, 'get', `/api/v1/orders/${id}`, customer.token)) as unknown as Detail;
  const [partOrder, fullOrder, keptOrder] = [await detail(part), await detail(full), await detail(kept)];
  const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;

  const page = await signedInPage(browser, customer);
  const watch = guard(page);
  let drawer = await openDrawer(page, '/dashboard', partOrder.reference);
  await expect(drawer.getByText('Part refunded £2.50')).toBeVisible();
  const price = drawer.getByLabel('Price breakdown');
  await expect(price).toContainText(`Part refunded−£2.50`);
  await expect(price).toContainText(`Paid after refunds${money(partOrder.price.total - 250)}`);
  const receipt = partOrder.finance.receipt.number;
  const notes = partOrder.finance.creditNotes.map((n) => n.number);
  expect(notes).toHaveLength(2);
  await expect(drawer.getByText(`Credit note ${notes[0]}: £1.00 refunded`)).toBeVisible();
  await expect(drawer.getByText(`Credit note ${notes[1]}: £1.50 refunded`)).toBeVisible();
  await watch.expectClean();
  await look(page, 'vendor-payouts', 'customer-drawer', {
    ...PHONES,
    show: drawer.getByRole('heading', { name: 'Receipts' }),
  });

  const [receiptFile] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: `Download VAT receipt ${receipt}` }).click(),
  ]);
  expect(receiptFile.suggestedFilename()).toBe(`consign-receipt-${receipt}.pdf`);
  const receiptText = await pdfText(receiptFile);
  for (const text of [receipt, 'VAT', money(partOrder.price.total)]) expect(receiptText).toContain(text);
  const [noteFile] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: `Download credit note ${notes[1]}` }).click(),
  ]);
  expect(noteFile.suggestedFilename()).toBe(`consign-credit-note-${notes[1]}.pdf`);
  const noteText = await pdfText(noteFile);
  for (const text of [notes[1]!, receipt, '£1.50']) expect(noteText).toContain(text);
  await page.keyboard.press('Escape');

  drawer = await openDrawer(page, '/dashboard', fullOrder.reference);
  await expect(drawer.getByText(`Refunded ${money(fullOrder.price.total)}`)).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Download credit note / })).toHaveCount(1);
  await page.keyboard.press('Escape');
  drawer = await openDrawer(page, '/dashboard', keptOrder.reference);
  await expect(drawer.getByRole('button', { name: /^Download VAT receipt / })).toBeVisible();
  await expect(drawer.getByText(/refunded/i)).toHaveCount(0);
  await watch.expectClean();

  const vendor = await signedInPage(browser, courier);
  const vendorWatch = guard(vendor);
  drawer = await openDrawer(vendor, '/vendor-dashboard', partOrder.reference);
  await expect(drawer.getByText('Part refunded £2.50')).toBeVisible();
  const earnings = drawer.getByLabel('Your earnings');
  await expect(earnings).toContainText('Refunds you bore−£1.00');
  await expect(earnings).toContainText('Part refunded to the customer£2.50');
  await expect(drawer.getByRole('heading', { name: 'Receipts' })).toHaveCount(0);
  await vendorWatch.expectClean();
  await look(vendor, 'vendor-payouts', 'courier-drawer', { ...PHONES, show: earnings });
});
