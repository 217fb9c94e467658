import type { APIRequestContext } from '@playwright/test';
import { checkAccessibility, PHONE, watchForErrors } from './a11y';
import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  accessToken,
  apiCall,
  DEMO_CUSTOMER,
  edinburghRecipient,
  fillAddresses,
  londonSender,
  paidJob,
  paidOrder,
  payInTestMode,
  signIn,
  unique,
} from './support';

/**
 * Accessibility checked by a machine: axe-core on every main page of the customer and courier
 * journeys, at desktop and phone widths, failing on any serious or critical violation, with
 * realistic data (a real booking, a real paid job) and no page or console error on the way.
 * Phone screenshots land in portal/e2e-screenshots/. Pages: home, results, sign-in, sign-up;
 * booking, review, payment, confirmation; dashboard and an order's drawer; vendor dashboard,
 * vendor onboarding, vendor bids; the public tracking pages (lookup, a parcel, an unknown code).
 * Each test makes its own data, so the tests run side by side on the two workers.
 */

const CUSTOMER = DEMO_CUSTOMER;
const VENDOR = { email: 'vendor@consign.example', password: 'consign-demo-1' };
const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';

test('signed-out pages: home, results, sign-in and sign-up', async ({ page }) => {
  // Eight axe scans, seconds each on a busy two-core machine: a bound, not a wait.
  test.slow();
  const errors = watchForErrors(page);
  await page.goto('/');
  await checkAccessibility(page, 'home', () =>
    expect(page.getByRole('form', { name: 'Get a quote' })).toBeVisible(),
  );

  await page.goto(`/result?${ROUTE}`);
  await checkAccessibility(page, 'results', () =>
    expect(page.getByTestId('quote-card').first()).toBeVisible(),
  );

  await page.goto('/signin');
  await checkAccessibility(page, 'sign-in', () =>
    expect(page.getByRole('form', { name: 'Log in' })).toBeVisible(),
  );

  await page.goto('/signup');
  await checkAccessibility(page, 'sign-up', () =>
    expect(page.getByRole('form', { name: 'Sign up' })).toBeVisible(),
  );
  errors.expectNone();
});

test('the customer journey: booking, review, payment and confirmation', async ({ page }) => {
  // Eight axe scans and the booking through its pages: a bound for a busy machine.
  test.slow();
  const errors = watchForErrors(page);
  const recipient = `Morag ${unique()}`;
  await signIn(page, CUSTOMER);
  await page.goto(`/result?${ROUTE}`);
  await page.getByTestId('quote-card').first().getByRole('button', { name: 'Book Now' }).click();

  const form = page.getByRole('form', { name: 'Book your delivery' });
  await checkAccessibility(page, 'booking', () => expect(form).toBeVisible());
  // On a phone the price summary is read before the Review button.
  const summary = page.getByRole('complementary');
  const review = form.getByRole('button', { name: 'Review order' });
  expect((await summary.boundingBox())!.y).toBeLessThan((await review.boundingBox())!.y);

  await fillAddresses(
    form,
    londonSender(CUSTOMER.email),
    edinburghRecipient(recipient, 'recipient@example.com'),
  );
  await form.getByLabel('Collection date').fill(await serverBookableDay(page.request));
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('radio', { name: 'No extended cover' }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await review.click();

  await checkAccessibility(page, 'review', () =>
    expect(page.getByRole('heading', { name: 'Confirm Order' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Confirm and pay' }).click();

  await checkAccessibility(page, 'payment', () =>
    expect(page.getByText('TEST MODE: no real money moves')).toBeVisible(),
  );
  await payInTestMode(page);

  const confirmed = page.getByRole('heading', { name: 'Booking Confirmed!' });
  // The page moves on to the dashboard by itself after a few seconds; stay to check it.
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await checkAccessibility(page, 'confirmation', () => expect(confirmed).toBeVisible());
  errors.expectNone();
});

test('the customer dashboard and an order’s drawer', async ({ page, request }) => {
  const errors = watchForErrors(page);
  // A paid order of its own, made through the API (the booking pages are the test above); not
  // with `page.request`, whose sign-in cookie would sign the page in before the form.
  const { reference } = await paidOrder(request, await accessToken(request, CUSTOMER));
  await signIn(page, CUSTOMER);

  // A fresh load of the dashboard, with the order's drawer open.
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: reference });
  await checkAccessibility(page, 'dashboard', () => expect(row).toBeVisible());
  await page.setViewportSize(PHONE);
  await row.getByRole('button', { name: `View details of order ${reference}` }).click();
  const drawer = await expectOpened(page.getByRole('dialog', { name: `Order ${reference}` }));
  const prices = drawer.getByRole('definition').filter({ hasText: '£' }).first();
  await checkAccessibility(page, 'dashboard-order', () => expect(prices).toBeVisible());
  // Styled on this fresh load: the breakdown is a two-column grid, not bare lines.
  expect(
    await drawer.locator('dl[aria-label="Price breakdown"]').evaluate((el) => getComputedStyle(el).display),
  ).toBe('grid');
  errors.expectNone();
});

test('the courier pages: vendor dashboard, onboarding and bids, with a paid job to bid on', async ({
  browser,
  request,
}) => {
  // Six axe scans and two people signed in: a bound for a busy machine.
  test.slow();
  // A customer posts and pays a job the demo courier's services can carry (through the API: the
  // job form has its own test in vendor-orders.spec.ts).
  const { reference: jobReference } = await paidJob(request, await accessToken(request, CUSTOMER), {
    contents: 'Vinyl records, a long description of what is inside',
    askingPrice: 2400,
  });

  const page = await (await browser.newContext()).newPage();
  const errors = watchForErrors(page);
  await signIn(page, VENDOR);
  await page.goto('/vendor-dashboard');
  await checkAccessibility(page, 'vendor-dashboard', () =>
    expect(page.getByRole('heading', { name: 'Order Status Distribution' })).toBeVisible(),
  );

  await page.goto('/vendor-onboarding');
  await checkAccessibility(page, 'vendor-onboarding', () =>
    expect(page.getByRole('heading', { name: 'Vendor onboarding' })).toBeVisible(),
  );

  await page.goto('/vendor-bids');
  const bid = page.getByRole('article', { name: `Bid ${jobReference}` });
  await checkAccessibility(page, 'vendor-bids', () => expect(bid).toBeVisible());
  // The address column keeps its width on a phone: each value is as wide as its section,
  // not squeezed beside a long label.
  for (const label of ['Collect from', 'Deliver to']) {
    const section = bid.locator('section').filter({ has: page.locator(`dt:text-is("${label}")`) });
    const value = section.locator(`dt:text-is("${label}") + dd`);
    const [v, s] = [await value.boundingBox(), await section.boundingBox()];
    expect(v!.width).toBeGreaterThan(s!.width * 0.9);
  }
  errors.expectNone();
});

/** A paid booking for the demo customer, made through the API (the booking pages have their own test). */
async function paidOrderTrackingPath(request: APIRequestContext): Promise<string> {
  const token = await accessToken(request, CUSTOMER);
  const { id } = await paidOrder(request, token, { delivery: { name: 'Morag Recipient' } });
  const detail = await apiCall(request, 'get', `/api/v1/orders/${id}`, token);
  return new URL(detail.trackingUrl as string).pathname;
}

test('the public tracking pages: a parcel, the lookup form and an unknown code', async ({ page }) => {
  const errors = watchForErrors(page);
  const path = await paidOrderTrackingPath(page.request);
  await page.goto(path);
  await checkAccessibility(page, 'tracking', () =>
    expect(page.getByRole('list', { name: 'Tracking timeline' })).toBeVisible(),
  );
  await page.goto('/track');
  await checkAccessibility(page, 'track-lookup', () =>
    expect(page.getByRole('heading', { name: 'Track a parcel' })).toBeVisible(),
  );
  errors.expectNone();
  // An unknown code answers 404, which the browser logs as a console error by design; this
  // page is left out of the error watch.
  const unknown = await page.context().newPage();
  await unknown.goto('/track/ZZZZZZZZZZZZ');
  await checkAccessibility(unknown, 'tracking-unknown', () =>
    expect(unknown.getByRole('heading', { name: 'No parcel has this code' })).toBeVisible(),
  );
});
