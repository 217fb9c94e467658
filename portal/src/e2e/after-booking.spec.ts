import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { checkAccessibility, DESKTOP, PHONE } from './a11y';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  activeCourier,
  guard,
  mailTo,
  paidOrder,
  searchCourierOrders,
  signedInPage,
  staffConsole,
  unique,
  verifiedAccount,
} from './support';

/**
 * Issue 20's story after the booking, in order, against the built product with the dev mailbox
 * (the outbox transport) and TEST MODE payments:
 * a customer books and pays (through the API: the booking pages have their own specs); the
 * courier uploads a CSV that marks the order confirmed and in transit, then adds an
 * out-for-delivery event in the order drawer; the recipient opens the link from their email at /track/… signed out and sees the timeline; the courier marks it delivered;
 * the customer reviews it; a new quote shows that courier's rating count; the courier replies to
 * the review from the dashboard's Reviews section; the courier's public profile shows the review
 * and the reply; staff hide the comment in the console, and the profile and the courier's
 * dashboard say so while the score still counts.
 */

const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';
const SCREENSHOTS = new URL('../../e2e-screenshots/', import.meta.url).pathname;

async function openOrder(vendor: Page, reference: string) {
  await searchCourierOrders(vendor, reference.slice(1));
  const row = vendor.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: `View details of order ${reference}` }).click();
  return expectOpened(vendor.getByRole('dialog', { name: `Order ${reference}` }));
}

/** No sideways scrolling at the page's present width. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

async function screenshotAt(
  page: Page,
  target: Locator,
  size: { width: number; height: number },
  name: string,
) {
  await page.setViewportSize(size);
  await expect(target).toBeVisible();
  await expectNoOverflow(page);
  await target.screenshot({ path: `${SCREENSHOTS}${name}.png` });
}

test('after the booking: CSV update, tracking event, the recipient’s page, delivery, review, reply, scores and moderation', async ({
  browser,
}) => {
  // One story across four people and the console, each step waiting on the server: a long bound.
  test.slow();
  const request = (await browser.newContext()).request;
  const shopName = `Story Couriers ${unique()}`;
  const serviceName = `E2E Tracked ${unique()}`;
  const courier = await activeCourier(request, {
    shopName,
    service: {
      name: serviceName,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const buyer = await verifiedAccount(request, 'customer', 'Jamie Reviewer');
  const recipient = { name: `Morag ${unique()}`, email: `recipient-${unique()}@example.com` };

  // 1. The customer finds the service unreviewed, then books and pays for it in TEST MODE
  // (through the API: the booking pages have their own specs).
  const customer = await signedInPage(browser, buyer);
  const customerGuard = guard(customer);
  await customer.goto(`/result?${ROUTE}`);
  const card = customer
    .getByTestId('quote-card')
    .filter({ has: customer.getByRole('heading', { name: serviceName }) });
  await expect(card.getByTestId('rating')).toContainText('No reviews yet');
  const { reference } = await paidOrder(request, buyer.token, {
    serviceId: courier.serviceId!,
    delivery: {
      name: recipient.name,
      email: recipient.email,
      phone: '0131 496 0000',
      line1: '1 Royal Mile',
      postcode: 'EH1 1YZ',
    },
  });
  expect(reference).toMatch(/^#[0-9a-f]{8}$/i);
  await customerGuard.expectClean();

  // 2. The courier, with no reviews yet, uploads a CSV: confirmed, then in transit with a
  // tracking number; one row names an unknown order and is left out.
  const vendor = await signedInPage(browser, courier);
  const vendorGuard = guard(vendor);
  await vendor.goto('/vendor-dashboard');
  const reviews = vendor.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  const bulk = vendor.getByRole('region', { name: 'Update orders from a CSV' });
  const tracking = `E2E${unique().toUpperCase()}`;
  const csv = [
    'Order ID,Status or event,Tracking number,Note,Date',
    `${reference},confirmed,,,`,
    `${reference},in transit,${tracking},Collected at 9,`,
    '#00000000,delivered,,,',
  ].join('\r\n');
  await bulk
    .getByLabel('CSV file')
    .setInputFiles({ name: 'updates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(bulk.getByText('2 of 3 rows ready to apply; 1 with problems will be left out.')).toBeVisible();
  const checked = bulk.getByRole('table', { name: 'Checked rows' });
  await expect(checked.getByRole('row').nth(3)).toContainText('Unknown order');
  await bulk.getByRole('button', { name: 'Apply 2 rows' }).click();
  await expect(bulk.getByText('2 applied, 1 not applied.')).toBeVisible();
  const downloading = vendor.waitForEvent('download');
  await bulk.getByRole('button', { name: 'Download results' }).click();
  const result = (await readFile(await (await downloading).path())).toString('utf8');
  expect(result).toContain(`${reference},in transit,${tracking},Collected at 9,,applied,Marked in transit`);

  // 3. Then adds "out for delivery" with the driver and window from the order drawer, which stays open.
  const drawer = await openOrder(vendor, reference);
  await expect(drawer.getByText(tracking)).toBeVisible();
  await drawer.getByRole('button', { name: 'Add tracking event' }).click();
  const eventForm = drawer.getByRole('form', { name: 'Add tracking event' });
  await eventForm.getByLabel('Event').selectOption('out_for_delivery');
  await eventForm.getByLabel('Driver’s first name (optional)').fill('Sam');
  await eventForm.getByLabel('From').fill('10:00');
  await eventForm.getByLabel('To', { exact: true }).fill('12:00');
  await eventForm.getByRole('button', { name: 'Add event' }).click();
  const courierTimeline = drawer.getByRole('list', { name: 'Tracking timeline' });
  await expect(courierTimeline.getByText('Out for delivery: with driver Sam, 10:00–12:00')).toBeVisible();
  await vendorGuard.expectClean();

  // 4. The recipient opens the link from their email, signed out, and sees the timeline.
  const mail = await mailTo(request, recipient.email, /out for delivery/);
  const link = /Track your parcel: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link).toMatch(/\/track\/[23456789A-Z]{12}$/);
  const reader = await (await browser.newContext()).newPage();
  const readerGuard = guard(reader);
  await reader.goto(link);
  expect(mail.text).toContain('Your parcel is out for delivery today, 10:00–12:00.');
  await expect(reader.getByRole('heading', { name: 'Out for delivery today, 10:00–12:00' })).toBeVisible();
  await expect(reader.getByText('With driver Sam', { exact: true })).toBeVisible();
  const timeline = reader.getByRole('list', { name: 'Tracking timeline' });
  await expect(timeline.getByText('Collected: the parcel is on its way')).toBeVisible();
  await expect(timeline.getByText(/^Out for delivery/)).toBeVisible();
  await expect(
    reader.getByText(`From London (SW1A) to Edinburgh (EH1) with ${shopName} (${serviceName})`),
  ).toBeVisible();
  // No personal data on the page, and it fits a 320 px screen.
  for (const personal of [recipient.name, '1 Royal Mile', recipient.email, '0131 496 0000', 'EH1 1YZ']) {
    await expect(reader.getByText(personal)).toHaveCount(0);
  }
  await reader.setViewportSize({ width: 320, height: 700 });
  await expectNoOverflow(reader);
  await reader.screenshot({ path: `${SCREENSHOTS}tracking-320.png`, fullPage: true });

  // 5. The courier marks it delivered; the recipient's page and mail say so.
  await drawer.getByRole('button', { name: 'Edit Order' }).click();
  await drawer.getByLabel('Status').selectOption('delivered');
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(drawer.getByLabel('Status')).toHaveValue('delivered');
  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(reader.getByRole('list', { name: /Progress: stage 5 of 5/ })).toBeVisible();
  await mailTo(request, recipient.email, /has been delivered/);
  await readerGuard.expectClean();

  // 6. The customer is invited (mail and dashboard) and reviews it: no stars says what is
  // missing; then four stars, by the star a person clicks, and a comment.
  await mailTo(request, buyer.email, new RegExp(`how did ${shopName} do\\?`));
  const comment = `Arrived early and well packed ${unique()}`;
  await customer.goto('/dashboard');
  await customer.getByRole('link', { name: `Rate delivery of order ${reference}` }).click();
  await expect(customer.getByRole('heading', { name: 'Rate your delivery' })).toBeVisible();
  await customer.getByRole('button', { name: 'Publish review' }).click();
  await expect(customer.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  const four = customer.getByRole('radio', { name: /4 stars/ });
  await customer.locator('label').filter({ has: four }).click();
  await expect(four).toBeChecked();
  await customer.getByLabel('Comment (optional)').fill(comment);
  await customer.getByRole('button', { name: 'Publish review' }).click();
  await expect(customer.getByText('Thank you! Your review is published.')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Update review' })).toBeVisible();
  // The dashboard now offers the review given, not a new one.
  await customer.goto('/dashboard');
  await expect(customer.getByRole('link', { name: `Rated 4 out of 5 of order ${reference}` })).toBeVisible();
  await expect(customer.getByRole('link', { name: `Rate delivery of order ${reference}` })).toHaveCount(0);

  // 7. A new quote shows the courier's one review ("New": too few for an average).
  await customer.goto(`/result?${ROUTE}`);
  const rated = customer.getByTestId('quote-card').filter({ hasText: serviceName });
  await expect(rated.getByTestId('rating')).toContainText('1 review');
  await expect(rated.getByTestId('rating')).toContainText('New');
  await customerGuard.expectClean();

  // 8. The courier finds the review in the dashboard's Reviews section and replies, once.
  await vendor.goto('/vendor-dashboard');
  const item = reviews.getByTestId('vendor-review');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(comment);
  await expect(item).toContainText('4 out of 5');
  await expect(item).toContainText(`Jamie · ${serviceName}`);
  await expect(item.getByRole('button', { name: `Order ${reference}`, exact: true })).toBeVisible();
  await expect(reviews.getByText('1 review, 1 without a reply.')).toBeVisible();
  const replyName = `Reply to Jamie’s review of order ${reference}`;
  await item.getByRole('button', { name: replyName }).click();
  const replyForm = item.getByRole('form', { name: replyName });
  const box = replyForm.getByLabel('Your reply');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('maxlength', '2000');
  await replyForm.getByRole('button', { name: 'Publish reply' }).click();
  await expect(replyForm.getByText('Write a reply')).toBeVisible();
  await vendor.keyboard.type('Thank you, Jamie: glad it arrived early!');
  await expect(replyForm.getByText('Write a reply')).toHaveCount(0);
  // axe on the dashboard with the form open, at desktop and phone widths.
  await checkAccessibility(vendor, 'vendor-reviews-reply', () => expect(box).toBeVisible());
  await screenshotAt(vendor, reviews, DESKTOP, 'vendor-reviews-form-desktop');
  await screenshotAt(vendor, reviews, PHONE, 'vendor-reviews-form-390');
  await vendor.setViewportSize(DESKTOP);
  await replyForm.getByRole('button', { name: 'Publish reply' }).click();
  await expect(vendor.getByText('Your reply is published.')).toBeVisible();
  const reply = item.locator('blockquote');
  await expect(reply).toContainText('Your reply');
  await expect(reply).toContainText('Thank you, Jamie: glad it arrived early!');
  await expect(item.getByRole('form')).toHaveCount(0);
  await expect(item.getByRole('button', { name: replyName })).toHaveCount(0);
  // Once only, after a reload too.
  await vendor.reload();
  await expect(reviews.getByText('1 review, all replied to.')).toBeVisible();
  await expect(item.getByRole('button', { name: replyName })).toHaveCount(0);
  await vendorGuard.expectClean();

  // 9. The public profile, reached from the quote card, shows the review and the reply at its
  // readable address.
  await customer.reload();
  await rated.getByRole('link', { name: /Courier profile and reviews/ }).click();
  await expect(customer.getByRole('heading', { name: shopName, level: 1 })).toBeVisible();
  await expect(customer).toHaveURL(/\/couriers\/story-couriers-[a-z0-9]+$/);
  const profileUrl = customer.url();
  const publicReview = customer.getByTestId('public-review');
  await expect(publicReview).toContainText(comment);
  await expect(publicReview).toContainText('Jamie');
  await expect(publicReview.locator('blockquote')).toContainText('Reply from the courier');
  await expect(publicReview.locator('blockquote')).toContainText('Thank you, Jamie: glad it arrived early!');
  await customer.setViewportSize(PHONE);
  await expect(publicReview).toBeVisible();
  await expectNoOverflow(customer);
  await customer.screenshot({ path: `${SCREENSHOTS}courier-profile-390.png`, fullPage: true });
  await customer.setViewportSize(DESKTOP);
  await customerGuard.expectClean();

  // 10. Staff open the review in the console and hide its text, with a reason.
  const { staff, watch: consoleGuard } = await staffConsole(browser, 'Reviews');
  await staff.getByRole('menuitem', { name: 'Reviews' }).click();
  const row = staff.getByRole('row').filter({ hasText: comment.slice(0, 40) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(staff.getByText(comment)).toBeVisible();
  await staff.getByRole('button', { name: 'Hide comment' }).click();
  const dialog = await expectOpened(staff.getByRole('dialog'));
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Names a member of staff');
  await dialog.getByRole('button', { name: 'Hide comment' }).click();
  // The review's page now shows why it is hidden (a toast says so too, for a few seconds only).
  await expect(staff.getByText('Names a member of staff', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(staff.getByRole('button', { name: 'Hide comment' })).toHaveCount(0);
  await consoleGuard.expectClean();

  // 11. The public profile withholds the text and keeps the score and the reply.
  await customer.goto(profileUrl);
  await expect(customer.getByText('Comment hidden by Consign for breaking our review rules.')).toBeVisible();
  await expect(customer.getByText(comment)).toHaveCount(0);
  await expect(customer.getByTestId('rating').first()).toContainText('1 review');
  await expect(publicReview.locator('blockquote')).toContainText('Thank you, Jamie: glad it arrived early!');
  await customerGuard.expectClean();

  // 12. The courier still reads the comment, marked as hidden by staff; the section at both widths.
  await vendor.reload();
  await expect(item.getByText('Hidden by staff')).toBeVisible();
  await expect(item).toContainText(comment);
  await expect(item.getByText(/hid this comment from your public profile/)).toBeVisible();
  await screenshotAt(vendor, reviews, DESKTOP, 'vendor-reviews-desktop');
  await screenshotAt(vendor, reviews, PHONE, 'vendor-reviews-390');
  await screenshotAt(vendor, reviews, { width: 320, height: 700 }, 'vendor-reviews-320');
  await vendorGuard.expectClean();
});
