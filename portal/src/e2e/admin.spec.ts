import type { APIRequestContext } from '@playwright/test';
import { checkAccessibility, DESKTOP, PHONE } from './a11y';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import { mailedCode } from './support';

/**
 * Staff run the marketplace from the console at /admin/: an admin signs in, opens a courier
 * waiting for activation (made here through the API, so the spec depends on no other), reads its
 * details, activates it with a reason; its service is then quoted, and the audit log shows the
 * activation with that reason.
 */

const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
const TO_FRANCE = {
  serviceType: 'international',
  from: 'GB',
  to: 'FR',
  parcels: [{ length: 20, width: 20, height: 20, weight: 2 }],
};
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function quotedServices(request: APIRequestContext) {
  const res = await request.post('/api/v1/quotes', { data: TO_FRANCE });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { options: { courierService: { name: string } }[] };
  return body.options.map((o) => o.courierService.name);
}

/** A courier that signed up, named its business in Cardiff and added a service to France: pending. */
async function pendingCourier(request: APIRequestContext) {
  const id = unique();
  const email = `e2e-pending-${id}@example.com`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password: 'correct-horse-battery', role: 'vendor', name: 'Pending Courier' },
  });
  expect(signup.status()).toBeLessThan(300);
  const verified = await request.post('/api/v1/auth/verify-email', {
    data: {
      email,
      code: await mailedCode(request, email),
      registration: ((await signup.json()) as { registration: string }).registration,
    },
  });
  expect(verified.ok()).toBe(true);
  const token = ((await verified.json()) as { accessToken: string }).accessToken;
  const headers = { Authorization: `Bearer ${token}` };
  const shopName = `Waiting Parcels ${id}`;
  const profile = await request.patch('/api/v1/vendors/me', {
    headers,
    data: { shopName, city: 'Cardiff', country: 'GB' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const serviceName = `Waiting Europe ${id}`;
  const service = await request.post('/api/v1/couriers', {
    headers,
    data: {
      name: serviceName,
      serviceType: 'international',
      currency: 'GBP',
      fromLocation: 'GB',
      toLocation: ['FR'],
      weightTiers: [{ maxKg: 30, price: 1500 }],
      volumetricDivisor: 5000,
      transitDays: 3,
      status: 'active',
    },
  });
  expect(service.ok(), await service.text()).toBe(true);
  return { email, shopName, serviceName };
}

test('the console opens on its own sign-in page, and signing out returns to it', async ({ page }) => {
  await page.goto('/admin/');
  const heading = page.getByRole('heading', { name: 'Consign admin' });
  await checkAccessibility(page, 'admin-sign-in', () => expect(heading).toBeVisible({ timeout: 30_000 }));
  await page.setViewportSize(DESKTOP);
  // Without a session the page has loaded no react-admin: the console's chunk is fetched on sign-in.
  const consoleChunk = page.waitForResponse((r) => /\/admin\/assets\/App-[^/]+\.js$/.test(r.url()));
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await consoleChunk).ok()).toBe(true);
  await expect(page.getByRole('menuitem', { name: 'Vendors' })).toBeVisible({ timeout: 30_000 });

  // Signing out inside the console shows the same page; signing in again opens the console.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Vendors' })).toBeVisible({ timeout: 30_000 });

  // On a phone a list wider than the screen scrolls in its own box: the page, its filters and
  // its pagination stay in view.
  await page.getByRole('menuitem', { name: 'Vendors' }).click();
  await expect(page.getByRole('cell', { name: 'vendor@consign.example', exact: true })).toBeVisible();
  await page.setViewportSize(PHONE);
  // (The menu may now be open over the list as a drawer, hiding it from the accessibility tree.)
  await expect(page.getByText('vendor@consign.example', { exact: true })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByPlaceholder('Search')).toBeInViewport();
});

test('a customer is refused by the console with a clear message', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Email' }).fill('customer@consign.example');
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This console is for Consign staff')).toBeVisible({ timeout: 30_000 });
});

test('an admin activates a pending vendor with a reason; it is quoted and audited', async ({
  page,
  request,
}) => {
  const courier = await pendingCourier(request);
  expect(await quotedServices(request)).not.toContain(courier.serviceName);

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Consign admin' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The dashboard counts vendors waiting (this one at least); the vendor list puts pending first.
  const waiting = page.getByRole('link', { name: /Vendors waiting for activation/ });
  await expect(waiting).toHaveText(/Vendors waiting for activation\s*[1-9]\d*/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Quotes per day, last 30 days' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Vendors' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Pending', { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search' }).fill(courier.email);
  // The search has applied once the header row and this vendor's row are all there is.
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: 30_000 });
  await page.getByRole('row').filter({ hasText: courier.email }).getByText(courier.shopName).click();

  // Its details: business, status, services.
  await expect(page.getByRole('heading', { name: 'Onboarding answers' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Cardiff')).toBeVisible();
  await expect(page.getByText('The vendor has not answered the onboarding questions yet.')).toBeVisible();
  await expect(page.getByText(courier.serviceName)).toBeVisible();

  // Activate asks for a reason and will not go without one.
  await page.getByRole('button', { name: 'Activate' }).click();
  const dialog = await expectOpened(page.getByRole('dialog'));
  // It never answered onboarding and has no postcode: staff are told before they confirm.
  await expect(dialog.getByRole('note')).toHaveText([/has not submitted its onboarding/, /has no postcode/]);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('Give a reason for this change')).toBeVisible();
  const reason = `Insurance and ID checked ${unique()}`;
  await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(
    page.getByText(`${courier.shopName} is active: its courier services can be quoted`),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();

  // The marketplace sees it at once.
  expect(await quotedServices(request)).toContain(courier.serviceName);

  // The audit log shows who did what, and why.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const entry = page.getByRole('row').filter({ hasText: reason });
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toContainText('Vendor: activate');
  await expect(entry).toContainText('admin@consign.example');
  await expect(entry).toContainText('status: pending');
  await expect(entry).toContainText('status: active');
});
