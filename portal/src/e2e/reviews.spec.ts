import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { serverCollectionDay } from './dates';
import { mailedCode, saveBusinessDetails } from './support';

/**
 * The end of issue 20's story, set up on its own through the API (so it waits for no other
 * spec): a courier delivers a customer's paid order; the customer rates it from the dashboard;
 * a new quote shows that courier's review count; the courier's public profile shows the review
 * (desktop and 390 px); staff hide its comment in the admin console, and the profile says so
 * while the score still counts.
 */

const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
const PASSWORD = 'correct-horse-battery';
const PARCELS = [{ length: 30, width: 20, height: 15, weight: 2 }];
const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Json = Record<string, unknown>;

async function call(
  request: APIRequestContext,
  method: 'get' | 'post' | 'patch',
  path: string,
  token: string,
  data?: unknown,
) {
  const res = await request[method](path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as Json;
}

async function signUp(request: APIRequestContext, role: 'vendor' | 'customer', name: string) {
  const email = `e2e-review-${role}-${unique()}@example.com`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password: PASSWORD, role, name },
  });
  expect(signup.status()).toBeLessThan(300);
  const verified = await request.post('/api/v1/auth/verify-email', {
    data: { email, code: await mailedCode(request, email) },
  });
  expect(verified.ok()).toBe(true);
  return { email, token: ((await verified.json()) as { accessToken: string }).accessToken };
}

/** An active courier with one domestic service, a customer, and the customer's order, delivered. */
async function deliveredOrder(request: APIRequestContext) {
  const shopName = `Review Couriers ${unique()}`;
  const vendor = await signUp(request, 'vendor', 'Rae Courier');
  await saveBusinessDetails(request, vendor.token, shopName);
  const me = await call(request, 'get', '/api/v1/vendors/me', vendor.token);
  const service = await call(request, 'post', '/api/v1/couriers', vendor.token, {
    name: `Next Day ${unique()}`,
    serviceType: 'domestic',
    fromLocation: 'Any',
    toLocation: 'Any',
    weightTiers: [{ maxKg: 30, price: 700 }],
    transitDays: 1,
    currency: 'GBP',
    volumetricDivisor: 5000,
    status: 'active',
  });
  const login = await request.post('/api/v1/auth/login', { data: ADMIN });
  const admin = ((await login.json()) as { accessToken: string }).accessToken;
  await call(request, 'post', `/api/v1/admin/vendors/${me.id}/activate`, admin, { reason: 'Checked' });

  const customer = await signUp(request, 'customer', 'Jamie Reviewer');
  const quote = await call(request, 'post', '/api/v1/quotes', customer.token, {
    serviceType: 'domestic',
    from: 'England',
    to: 'Scotland',
    parcels: PARCELS,
  });
  const option = (quote.options as { id: string; courierService: { id: string } }[]).find(
    (o) => o.courierService.id === service.id,
  );
  expect(option, 'the new courier is quoted').toBeTruthy();
  const address = {
    name: 'Sam Sender',
    email: 'sam@example.com',
    phone: '+44 20 7946 0000',
    line1: '1 High Street',
    town: 'London',
    county: 'Greater London',
    postcode: 'SW1A 1AA',
    country: 'GB',
  };
  const order = await call(request, 'post', '/api/v1/orders', customer.token, {
    quoteOptionId: option!.id,
    collectionAddress: address,
    deliveryAddress: {
      ...address,
      name: 'Robin Recipient',
      line1: '2 Royal Mile',
      town: 'Edinburgh',
      postcode: 'EH1 1AA',
    },
    collectionDate: await serverCollectionDay(request),
    contents: 'Books',
    contentValue: 2500,
    coverAmount: 0,
  });
  const start = await call(request, 'post', `/api/v1/orders/${order.id}/payment`, customer.token);
  await request.post(start.approveUrl as string);
  await call(request, 'post', `/api/v1/orders/${order.id}/payment/capture`, customer.token);
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await call(request, 'patch', `/api/v1/vendor/orders/${order.id}`, vendor.token, { status });
  }
  return {
    customer,
    shopName,
    vendorId: me.id as string,
    serviceName: service.name as string,
    orderId: order.id as string,
    admin,
  };
}

/** Fails the test on anything the page throws or logs as an error. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return errors;
}

test('a customer reviews a delivered order, the next quote counts it, the profile shows it, staff hide its text', async ({
  page,
  request,
}) => {
  test.slow();
  const story = await deliveredOrder(request);
  const errors = watchErrors(page);
  const comment = `Arrived early and well packed ${unique()}`;

  // The customer signs in and finds the invitation on the dashboard.
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(story.customer.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Rate delivery/ }).click();
  await expect(page.getByRole('heading', { name: 'Rate your delivery' })).toBeVisible();

  // Publishing with no stars says what is missing; then four stars and a comment, by keyboard.
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  // The star is the radio's label, as a person clicks it.
  const four = page.getByRole('radio', { name: /4 stars/ });
  await page.locator('label').filter({ has: four }).click();
  await expect(four).toBeChecked();
  await page.getByLabel('Comment (optional)').fill(comment);
  await page.getByRole('button', { name: 'Publish review' }).click();
  await expect(page.getByText('Thank you! Your review is published.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update review' })).toBeVisible();

  // A new quote shows the courier's one review ("New": too few for an average).
  await page.goto(`/result?${ROUTE}`);
  const card = page.getByTestId('quote-card').filter({ hasText: story.serviceName });
  await expect(card.getByTestId('rating')).toContainText('1 review');
  await expect(card.getByTestId('rating')).toContainText('New');

  // Its profile, reached from the card, shows the review at its readable address.
  await card.getByRole('link', { name: /Courier profile and reviews/ }).click();
  await expect(page.getByRole('heading', { name: story.shopName, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/couriers\/review-couriers-/);
  const review = page.getByTestId('public-review').first();
  await expect(review).toContainText(comment);
  await expect(review).toContainText('Jamie');
  await page.screenshot({ path: 'test-results/courier-profile-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(review).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/courier-profile-390.png', fullPage: true });
  const profileUrl = page.url();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Staff open the review in the console and hide its text, with a reason.
  const admin = await page.context().browser()!.newContext();
  const console = await admin.newPage();
  const adminErrors = watchErrors(console);
  await console.goto('/admin/');
  await console.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await console.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await console.getByRole('button', { name: 'Sign in' }).click();
  // Before signing in the console asks for a session it does not have: the browser logs those 401s.
  await expect(console.getByRole('menuitem', { name: 'Reviews' })).toBeVisible({ timeout: 30_000 });
  adminErrors.length = 0;
  await console.getByRole('menuitem', { name: 'Reviews' }).click();
  const row = console.getByRole('row').filter({ hasText: comment.slice(0, 40) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(console.getByText(comment)).toBeVisible();
  await console.getByRole('button', { name: 'Hide comment' }).click();
  const dialog = console.getByRole('dialog');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Names a member of staff');
  await dialog.getByRole('button', { name: 'Hide comment' }).click();
  // The review's page now shows why it is hidden (a toast says so too, for a few seconds only).
  await expect(console.getByText('Names a member of staff', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(console.getByRole('button', { name: 'Hide comment' })).toHaveCount(0);
  expect(adminErrors).toEqual([]);
  await admin.close();

  // The public profile withholds the text and keeps the score.
  await page.goto(profileUrl);
  await expect(page.getByText('Comment hidden by Consign for breaking our review rules.')).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
  await expect(page.getByTestId('rating').first()).toContainText('1 review');
  expect(errors).toEqual([]);
});
