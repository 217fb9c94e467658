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
  parcelWithException,
  signedInPage,
  staffConsole,
  unique,
  verifiedAccount,
} from './support';

/**
 * A claim against the built product (TEST MODE payments): a delivered parcel is claimed as
 * damaged with a photo from the dashboard's order drawer; the courier rejects it in its dashboard;
 * staff find it in the console's claims queue, open it and decide part accepted at the
 * platform's cost; the customer sees the claim paid and the money back.
 */

async function deliveredOrder(
  request: APIRequestContext,
  customer: string,
  courier: { token: string; serviceId: string },
) {
  const created = await paidOrder(request, customer, {
    serviceId: courier.serviceId,
    contents: 'A glass vase',
  });
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${created.id}`, courier.token, { status });
  }
  return created;
}

/**
 * Screenshots at desktop and phone widths, with `show` (the claim, deep in the drawer) scrolled
 * into view; no sideways scroll; axe at each width when asked.
 */
async function look(page: Page, name: string, show?: Locator, { checkAxe = false } = {}) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await show?.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => {
          for (let up = el.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return false;
          }
          return true;
        })
        .slice(0, 3)
        .map((el) => `${el.tagName}.${el.className}`),
    );
    expect(overflow, `no sideways scroll at ${width}px (${wide.join(', ')})`).toBeLessThanOrEqual(0);
    if (checkAxe) await axe(page, name, `${width}px`);
    await page.screenshot({ path: `test-results/claims-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a damaged parcel is claimed with a photo, rejected by the courier, part accepted by staff and refunded', async ({
  browser,
}) => {
  // Three people's screens in turn (the customer, the courier, staff in the console), each signed in.
  test.slow();
  const request = (await browser.newContext()).request;
  const courier = await activeCourier(request, {
    shopName: `Claim Couriers ${unique()}`,
    service: {
      name: `Claim Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const order = await deliveredOrder(request, customer.token, {
    token: courier.token,
    serviceId: courier.serviceId!,
  });

  const page = await signedInPage(browser, customer);
  const watch = guard(page);
  let drawer = await openOrderDrawer(page, order.reference);
  await drawer.getByRole('button', { name: 'Claim for damage' }).click();
  const form = drawer.getByRole('form', { name: 'File a claim' });
  await expect(form.getByLabel('What happened')).toBeFocused();
  await form.getByRole('button', { name: 'Send claim' }).click();
  await expect(form.getByText('Add at least one photo of the damage')).toBeVisible();
  await form
    .getByLabel('What happened')
    .fill('The vase arrived in pieces; the box was crushed on one corner.');
  await form.getByLabel('Amount claimed (GBP)').fill('4');
  const photos = form.getByRole('list', { name: 'Photos added' });
  for (const name of ['vase.png', 'box.png']) {
    await form
      .getByLabel('Photos', { exact: true })
      .setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('button', { name: 'Send claim' })).toBeEnabled();
  }
  await expect(photos.getByRole('listitem')).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  // A file that is neither an image nor a PDF is refused at its field, by the API's check of its bytes.
  await watch.expectClean();
  const proof = form.getByLabel('Proof of value (optional)');
  await proof.setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(form.getByText('Please select an image or PDF file')).toBeVisible();
  // The browser logs the refusal (415) the test asked for; nothing else happened since the check above.
  watch.reset();
  await proof.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('list', { name: 'Proof of value added' }).getByRole('listitem')).toHaveCount(1);
  await expect(form.getByText('Please select an image or PDF file')).toHaveCount(0);
  await look(page, 'form', form, { checkAxe: true });
  await form.getByRole('button', { name: 'Send claim' }).click();
  const card = drawer.getByRole('article', { name: /^Claim #/ });
  await expect(card.getByText('With courier')).toBeVisible();
  await expect(card.getByText('Courier answers by')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Receipt 1' })).toBeVisible();
  await watch.expectClean();
  await look(page, 'with-courier', card, { checkAxe: true });

  const [claim] = (await apiCall(request, 'get', `/api/v1/claims?orderId=${order.id}`, customer.token))
    .items as {
    id: string;
    reference: string;
    photos: string[];
    proofOfValue: string[];
  }[];
  expect(claim!.photos).toHaveLength(1);
  expect(claim!.proofOfValue).toHaveLength(1);
  // The courier rejects it in its dashboard's order drawer.
  const vendor = await signedInPage(browser, courier);
  const vendorWatch = guard(vendor);
  await vendor.goto('/vendor-dashboard');
  await vendor.getByRole('button', { name: `View details of order ${order.reference}` }).click();
  const vendorDrawer = await expectOpened(vendor.getByRole('dialog', { name: `Order ${order.reference}` }));
  const answer = vendorDrawer.getByRole('form', { name: /^Answer claim #/ });
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.getByText('Choose your answer')).toBeVisible();
  await answer.getByRole('radio', { name: 'Reject' }).check();
  await answer.getByLabel('Why you reject it (your evidence)').fill('Signed for in good order');
  await expect(answer.getByRole('img', { name: 'Photo 1' })).toHaveCount(0);
  await answer
    .getByLabel('Evidence (optional)')
    .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: PNG });
  await expect(answer.getByRole('list', { name: 'Evidence added' }).getByRole('listitem')).toHaveCount(1);
  await look(vendor, 'courier-answer', answer, { checkAxe: true });
  await answer.getByRole('button', { name: 'Send answer' }).click();
  const vendorCard = vendorDrawer.getByRole('article', { name: /^Claim #/ });
  await expect(vendorCard.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(
    vendorCard.getByText('Consign staff are reviewing this claim and will email you.'),
  ).toBeVisible();
  await expect(vendorDrawer.getByRole('form', { name: /^Answer claim #/ })).toHaveCount(0);
  await expect(vendorCard.getByRole('img', { name: 'Receipt 1' })).toBeVisible();
  await expect(vendorCard.getByRole('img', { name: 'Evidence 1' })).toBeVisible();
  await vendorWatch.expectClean();
  await look(vendor, 'courier-rejected', vendorCard, { checkAxe: true });

  // Staff decide part accepted in the console: the queue, the claim's page, the decision.
  const { staff, watch: staffWatch, menu } = await staffConsole(browser, 'Claims');
  await menu.click();
  // The queue opens on the claims waiting for staff; other specs' claims may wait there too.
  const row = staff.getByRole('row').filter({ hasText: order.reference });
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Answered \w{3}, \d+ \w+ \d{4}, \d\d:\d\d$/)).toBeVisible();
  await expect(row.getByText('£4.00')).toBeVisible();
  await staffWatch.expectClean('the claims queue');
  // Shown by their elements, not their roles: as the console turns to its phone layout its menu
  // becomes a drawer, which hides the rest of the page from the accessibility tree meanwhile.
  await look(staff, 'console-queue', staff.locator('tr', { hasText: order.reference }));
  await row.getByText(order.reference).click();
  await expect(staff.getByText('Waiting for your decision: the courier rejected it.')).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Proof of value 1' })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Courier’s evidence 1' })).toBeVisible();
  await expect(staff.getByText('Signed for in good order', { exact: true })).toBeVisible();
  await expect(
    staff
      .getByRole('list', { name: 'Claim timeline' })
      .getByText(/Rejected by the courier — Signed for in good order/),
  ).toBeVisible();
  await staffWatch.expectClean('the claim’s page');
  await look(staff, 'console-claim', undefined, { checkAxe: true });

  await staff.getByRole('button', { name: 'Decide' }).click();
  const decide = await expectOpened(staff.getByRole('dialog', { name: `Decide claim ${claim!.reference}` }));
  await decide.getByRole('button', { name: 'Send decision' }).click();
  await expect(decide.getByText('Choose a decision')).toBeVisible();
  await decide.getByRole('radio', { name: 'Accept part' }).check();
  await decide.getByRole('textbox', { name: 'Amount to pay (GBP)' }).fill('2');
  await decide.getByRole('radio', { name: 'The platform, as goodwill' }).check();
  await decide.getByLabel('Reason (kept in the audit log)').fill('Packaging was thin: goodwill for half');
  await look(staff, 'console-decide', staff.locator('.MuiDialog-paper'));
  await decide.getByRole('button', { name: 'Send decision' }).click();
  await expect(staff.getByText(`Claim ${claim!.reference}: Paid`)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Decide' })).toHaveCount(0);
  await expect(
    staff
      .getByRole('list', { name: 'Claim timeline' })
      .getByText(/Paid by Consign — Paid by refund to the customer/),
  ).toBeVisible();
  await staffWatch.expectClean('the decided claim');
  await look(staff, 'console-decided');
  // Out of the queue now; every claim, the queue filter cleared, shows it paid.
  await staff.goto(`/admin/#/claims?filter=${encodeURIComponent('{}')}`);
  const paidRow = staff.getByRole('row').filter({ hasText: order.reference });
  await expect(paidRow.getByText('Paid', { exact: true })).toBeVisible();
  await staffWatch.expectClean('every claim');
  await look(staff, 'console-all', staff.locator('tr', { hasText: order.reference }));

  await page.reload();
  drawer = await openOrderDrawer(page, order.reference);
  const paid = drawer.getByRole('article', { name: /^Claim #/ });
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByText('Refunded to you')).toBeVisible();
  await expect(paid.getByText('£2.00')).toBeVisible();
  await expect(paid.getByText('Packaging was thin: goodwill for half')).toBeVisible();
  await expect(paid.getByRole('img', { name: 'Evidence 1' })).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Tracking timeline' }).getByText('Claim paid')).toBeVisible();
  await watch.expectClean();
  await look(page, 'paid', paid, { checkAxe: true });
});

test('a tracking exception offers the customer a prefilled loss claim in the order drawer', async ({
  browser,
}) => {
  const request = (await browser.newContext()).request;
  const { order, customer } = await parcelWithException(request, 'A wool scarf');

  const page = await signedInPage(browser, customer);
  const watch = guard(page);
  // The offer's email links straight to the order's drawer.
  await page.goto(`/dashboard?order=${order.id}`);
  const drawer = await expectOpened(page.getByRole('dialog', { name: `Order ${order.reference}` }));
  const notice = drawer.getByRole('region', { name: 'Has your parcel gone missing?' });
  await expect(notice.getByText(/The courier reported a problem with it on/)).toBeVisible();
  await watch.expectClean();
  await look(page, 'loss-offer', notice, { checkAxe: true });
  await notice.getByRole('button', { name: 'Claim for a lost parcel' }).click();
  const form = drawer.getByRole('form', { name: 'File a claim' });
  await expect(form.getByLabel('What happened')).toBeFocused();
  await expect(form.getByLabel('What happened')).toHaveValue(/^My parcel \(A wool scarf\) has not arrived\./);
  await expect(form.getByLabel('Amount claimed (GBP)')).not.toHaveValue('');
  await look(page, 'loss-form', form, { checkAxe: true });
  await form.getByRole('button', { name: 'Send claim' }).click();
  const card = drawer.getByRole('article', { name: /^Claim #/ });
  await expect(card.getByText('Loss claim', { exact: false })).toBeVisible();
  await expect(card.getByText('With courier')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await watch.expectClean();
  await look(page, 'loss-filed', card, { checkAxe: true });
});
