import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readCodeFromMailbox, uniqueEmail } from './helpers';
import { expectToastsClear } from './layout';
import { expectOpened } from './opened';
import { saveBusinessDetails } from './support';

/**
 * The courier side's first steps against the real API serving the built portal: signing up as a
 * courier business from the dialog, the business details, the pending notice until an admin
 * activates the business; and the onboarding wizard, saved on the server as the vendor goes.
 */

const password = 'correct-horse-battery';
const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
const PENDING = 'Your business is pending activation.';

// A 12-hour browser locale: the wizard's opening hours must still read 24-hour ('17:00').
test.use({ locale: 'en-US' });

async function login(request: APIRequestContext, email: string, secret: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: secret } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A verified vendor account made through the API; answers its bearer header. */
async function newVendor(request: APIRequestContext, email: string) {
  const signup = await request.post('/api/v1/auth/signup', { data: { email, password, role: 'vendor' } });
  expect(signup.status()).toBe(201);
  const { registration } = (await signup.json()) as { registration: string };
  let code = '';
  await expect(async () => {
    const mail = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { items } = (await mail.json()) as { items: { text: string }[] };
    code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 30_000 });
  const verified = await request.post('/api/v1/auth/verify-email', { data: { email, code, registration } });
  expect(verified.ok()).toBe(true);
  const { accessToken } = (await verified.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}`, accessToken };
}

async function signInOnPage(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Submit' }).click();
}

test('a new courier signs up from the dialog, fills in its business and waits for activation', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = await expectOpened(page.getByRole('dialog', { name: 'Sign Up' }));
  await dialog.getByRole('radio', { name: /I run a courier business/ }).check();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Register' }).click();

  const code = await readCodeFromMailbox(page, email);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();

  // Signed in, straight to the business details form.
  await expect(page).toHaveURL(/\/vendor-details$/);
  const details = page.getByRole('form', { name: 'Business details' });
  const submit = details.getByRole('button', { name: 'Submit' });
  // Empty, Submit names what is missing at each field instead of being greyed out.
  await submit.click();
  await expect(details.getByText('Shop name is required')).toBeVisible();
  await expect(details.getByLabel('Shop name *')).toBeFocused();
  await details.getByLabel('Shop name *').fill('E2E Swift Couriers');
  await details.getByLabel('Address line 1').fill('12 Wharf Road');
  await details.getByLabel('City').fill('London');
  await details.getByLabel('State / county *').fill('Greater London');
  await details.getByLabel('Description *').fill('Same-day and next-day parcels across London.');
  await details.getByLabel('Postal code *').fill('N1 7GR');
  await details.getByLabel('Website').fill('https://swift.example.com');
  await expect(details.getByText(/is required$/)).toHaveCount(0);
  await submit.click();

  await expect(page).toHaveURL(/\/successful-vendor-register$/);
  await expect(page.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
  await expect(
    page.getByText(/Our Team is reviewing your details and will get back to you shortly/),
  ).toBeVisible();
  await expect(page.getByText(PENDING)).toBeVisible();

  // Every vendor page says so, with the side menu.
  for (const path of ['/vendor-profile', '/rate-card', '/vendor-panel']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Vendor' })).toBeVisible();
    await expect(page.getByText(PENDING)).toBeVisible();
  }
  await expect(page.getByText('Pending: our team activates your business after reviewing it')).toBeVisible();

  // Staff activate the business through the admin API.
  const vendorAuth = { Authorization: `Bearer ${await login(request, email, password)}` };
  const vendor = (await (await request.get('/api/v1/vendors/me', { headers: vendorAuth })).json()) as {
    id: string;
    shopName: string;
  };
  expect(vendor.shopName).toBe('E2E Swift Couriers');
  const adminToken = await login(request, ADMIN.email, ADMIN.password);
  const activated = await request.post(`/api/v1/admin/vendors/${vendor.id}/activate`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { reason: 'Business details checked' },
  });
  expect(activated.ok()).toBe(true);

  await page.goto('/vendor-profile');
  const status = page.getByRole('region', { name: 'Account Status' });
  await expect(status.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(PENDING)).toBeHidden();
  await page.goto('/vendor-panel');
  await expect(page.getByText('Active: your services appear in quotes')).toBeVisible();
  await expect(page.getByText(PENDING)).toBeHidden();
});

test('a courier verified through the API and signed in later is led to the business details, then to onboarding', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  await newVendor(request, email);

  // It left before the business details; later it signs in, and every vendor page leads there.
  await page.goto('/signin');
  await signInOnPage(page, email);
  await expect(page).toHaveURL(/\/vendor-details$/);
  await page.goto('/vendor-dashboard');
  await expect(page).toHaveURL(/\/vendor-details$/);

  const details = page.getByRole('form', { name: 'Business details' });
  await details.getByLabel('Shop name *').fill('E2E Returning Couriers');
  await details.getByLabel('Address line 1').fill('7 Canal Street');
  await details.getByLabel('City').fill('Manchester');
  await details.getByLabel('State / county *').fill('Greater Manchester');
  await details.getByLabel('Postal code *').fill('M1 3HE');
  await details.getByLabel('Description *').fill('Next-day parcels across the North West.');
  await details.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/successful-vendor-register$/);
  await page.getByRole('link', { name: 'Start onboarding' }).click();
  await expect(page).toHaveURL(/\/vendor-onboarding$/);
  // The wizard starts from what the courier already typed, and its account's email.
  await expect(page.getByLabel('Company name *')).toHaveValue('E2E Returning Couriers');
  await page.getByLabel('Company type *').selectOption('partnership');
  await page.getByLabel('Years in business *').fill('2');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(page.getByLabel('Email *')).toHaveValue(email);
  await expect(page.getByLabel('Street address *')).toHaveValue('7 Canal Street');
  await expect(page.getByLabel('City *')).toHaveValue('Manchester');
  await expect(page.getByLabel('Postal code *')).toHaveValue('M1 3HE');

  // With the details saved, the dashboard opens as itself.
  await page.goto('/vendor-dashboard');
  await expect(page.getByRole('heading', { name: 'Order Status Distribution' })).toBeVisible();
  await expect(page).toHaveURL(/\/vendor-dashboard$/);
});

test('the onboarding wizard: Next names what is missing at its field, a reload resumes the draft, completion lands on the panel', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const { accessToken, ...auth } = await newVendor(request, email);
  await saveBusinessDetails(request, accessToken, 'E2E Onboarding Ltd');

  // Signed out, the wizard sends the vendor to sign in and back.
  await page.goto('/vendor-onboarding');
  await expect(page).toHaveURL(/\/signin\?next=%2Fvendor-onboarding$/);
  await signInOnPage(page, email);
  await expect(page).toHaveURL(/\/vendor-onboarding$/);

  const next = page.getByRole('button', { name: 'Next' });
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByLabel('Company name *').fill('E2E Onboarding Ltd');
  await page.getByLabel('Company type *').selectOption('limited-company');
  // Next is not greyed out: pressed too early, it marks what is missing and focuses it.
  await next.click();
  await expect(page.getByLabel('Years in business *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Years in business *')).toBeFocused();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await page.getByLabel('Years in business *').fill('5');
  await next.click();

  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveValue('United Kingdom');
  await page.getByLabel('Contact person *').fill('Sam Swift');
  await page.getByLabel('Email *').fill('ops@swift.example.com');
  await page.getByLabel('Phone *').fill('020 7946 0000');
  await page.getByLabel('Street address *').fill('12 Wharf Road');
  await page.getByLabel('City *').fill('London');
  // The postal code came from the business details; without it, Next waits.
  await page.getByLabel('Postal code *').fill('');
  await next.click();
  await expect(page.getByLabel('Postal code *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Postal code *')).toBeFocused();
  await page.getByLabel('Postal code *').fill('N1 7GR');
  await next.click();

  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await page.getByLabel('Service area', { exact: true }).fill('Greater London');
  await page.getByRole('button', { name: 'Add area' }).click();
  await page.getByLabel('Same Day').check();

  // The draft reaches the server as the vendor types; then a reload resumes it.
  await expect(async () => {
    const saved = await request.get('/api/v1/vendors/me/onboarding', { headers: auth });
    const body = (await saved.json()) as {
      step: number;
      answers: { services?: { serviceAreas?: string[]; deliveryTypes?: string[] } };
    };
    expect(body.step).toBe(3);
    expect(body.answers.services?.serviceAreas).toEqual(['Greater London']);
    expect(body.answers.services?.deliveryTypes).toEqual(['Same Day']);
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Service areas' }).getByText('Greater London')).toBeVisible();
  await expect(page.getByLabel('Same Day')).toBeChecked();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel('Contact person *')).toHaveValue('Sam Swift');
  await next.click();
  await next.click();

  // Pricing is the courier's services (onboarding-services.spec.ts makes one with the form from here).
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await expect(page.getByText('No courier services yet. Add at least one.')).toBeVisible();
  await expect(page.getByText('Add at least one courier service', { exact: true })).toBeVisible();
  const made = await request.post('/api/v1/couriers', {
    headers: auth,
    data: {
      name: 'E2E Same Day',
      serviceType: 'same_day',
      fromLocation: 'England',
      toLocation: 'England',
      weightTiers: [{ maxKg: 20, price: 500 }],
      sameDay: { baseFee: 1500, perMile: 145, minimumFee: 1500 },
    },
  });
  expect(made.status()).toBe(201);
  await expect(async () => {
    const saved = await request.get('/api/v1/vendors/me/onboarding', { headers: auth });
    expect(((await saved.json()) as { step: number }).step).toBe(4);
  }).toPass({ timeout: 30_000 });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your courier services' })).toContainText('E2E Same Day');
  await next.click();

  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sunday open' })).not.toBeChecked();
  // 24-hour times in a 12-hour (en-US) browser, whole in their boxes.
  const opens = page.getByLabel('Monday opens at');
  const closes = page.getByLabel('Monday closes at');
  await expect(opens).toHaveValue('09:00');
  await expect(closes.locator('option:checked')).toHaveText('17:00');
  for (const box of [opens, closes]) {
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await closes.selectOption('18:30');
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(
    page.getByText('Vendor onboarding completed successfully! You can now access the vendor panel.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/vendor-panel$/);
  await expect(page.getByText(/^Submitted for review/)).toBeVisible();
  // The toast leaves the panel's buttons (My Rate Cards, Add a courier service…) uncovered.
  const main = page.getByRole('main');
  await expectToastsClear(page, main.getByRole('link').or(main.getByRole('button')));

  const submitted = await request.get('/api/v1/vendors/me/onboarding', { headers: auth });
  expect(((await submitted.json()) as { status: string }).status).toBe('submitted');
});
