import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { watchForErrors } from './a11y';
import { serverUkToday } from './dates';
import { mailedCode, saveBusinessDetails } from './support';

/**
 * After the booking, against the built product with the dev mailbox (the outbox transport):
 * a customer books and pays; the courier uploads a CSV that marks the order confirmed and in
 * transit, then adds an out-for-delivery event in the order drawer; the recipient opens the
 * link from their email at /track/… signed out and sees the timeline; the courier marks the
 * order delivered and the recipient's page says so.
 */

const CUSTOMER = { email: 'customer@consign.example', password: 'consign-demo-1' };
const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
const PASSWORD = 'correct-horse-battery';
const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new, active courier with one domestic service, made through the API. */
async function activeCourier(request: APIRequestContext, serviceName: string) {
  const email = `e2e-tracking-${unique()}@example.com`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password: PASSWORD, role: 'vendor', name: 'E2E Tracking Courier' },
  });
  expect(signup.status()).toBeLessThan(300);
  const verified = await request.post('/api/v1/auth/verify-email', {
    data: { email, code: await mailedCode(request, email) },
  });
  const token = ((await verified.json()) as { accessToken: string }).accessToken;
  const auth = { Authorization: `Bearer ${token}` };
  await saveBusinessDetails(request, token, 'E2E Tracking Courier');
  const service = await request.post('/api/v1/couriers', {
    headers: auth,
    data: {
      name: serviceName,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
      weightTiers: [{ maxKg: 30, price: 450 }],
      transitDays: 2,
      currency: 'GBP',
      volumetricDivisor: 5000,
      status: 'active',
    },
  });
  expect(service.status()).toBe(201);
  const me = (await (await request.get('/api/v1/vendors/me', { headers: auth })).json()) as { id: string };
  const admin = await request.post('/api/v1/auth/login', { data: ADMIN });
  const adminToken = ((await admin.json()) as { accessToken: string }).accessToken;
  const activated = await request.post(`/api/v1/admin/vendors/${me.id}/activate`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { reason: 'Business details checked' },
  });
  expect(activated.ok()).toBe(true);
  return { email, password: PASSWORD };
}

async function signedInPage(browser: Browser, account: { email: string; password: string }) {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
  return page;
}

async function fillAddresses(form: Locator, recipient: { name: string; email: string }) {
  const fill = async (group: Locator, values: string[]) => {
    const labels = ['Full name', 'Email', 'Contact number', 'Postcode', 'Street', 'Town', 'County'];
    for (const [index, label] of labels.entries()) {
      await group.getByLabel(label, { exact: true }).fill(values[index]!);
    }
  };
  await fill(form.getByRole('group', { name: 'Collection address' }), [
    'Casey Customer',
    CUSTOMER.email,
    '020 7946 0000',
    'SW1A 1AA',
    '10 Downing Street',
    'London',
    'Greater London',
  ]);
  await fill(form.getByRole('group', { name: 'Delivery address' }), [
    recipient.name,
    recipient.email,
    '0131 496 0000',
    'EH1 1YZ',
    '1 Royal Mile',
    'Edinburgh',
    'Midlothian',
  ]);
}

/** The newest mail to `to` whose subject matches, from the dev mailbox (retried until it lands). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    found = items.find((m) => subject.test(m.subject));
    expect(found).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return found!;
}

async function openOrder(vendor: Page, reference: string) {
  await vendor.goto('/vendor-dashboard');
  await vendor.getByRole('searchbox', { name: 'Search' }).fill(reference.slice(1));
  const row = vendor.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: `View details of order ${reference}` }).click();
  return vendor.getByRole('dialog', { name: `Order ${reference}` });
}

test('a parcel from booking to delivered: CSV update, tracking event, the recipient’s tracking page', async ({
  browser,
}) => {
  const request = (await browser.newContext()).request;
  const serviceName = `E2E Tracked ${unique()}`;
  const courier = await activeCourier(request, serviceName);
  const recipient = { name: `Morag ${unique()}`, email: `recipient-${unique()}@example.com` };

  // The customer books that service and pays in TEST MODE.
  const customer = await signedInPage(browser, CUSTOMER);
  await customer.goto(`/result?${ROUTE}`);
  const card = customer
    .getByTestId('quote-card')
    .filter({ has: customer.getByRole('heading', { name: serviceName }) });
  await card.getByRole('button', { name: 'Book Now' }).click();
  const form = customer.getByRole('form', { name: 'Book your delivery' });
  await fillAddresses(form, recipient);
  await form.getByLabel('Collection date').fill(await serverUkToday(customer.request));
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('radio', { name: 'No extended cover' }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await customer.getByRole('button', { name: 'Confirm and pay' }).click();
  await customer.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();
  await customer.getByRole('button', { name: /Approve test payment/ }).click();
  await expect(customer.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const reference = (await customer.locator('.confirmation__number strong').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^#[0-9a-f]{8}$/i);

  // The courier uploads a CSV: confirmed, then in transit with a tracking number; one bad row.
  const vendor = await signedInPage(browser, courier);
  const errors = watchForErrors(vendor);
  await vendor.goto('/vendor-dashboard');
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

  // Then adds "out for delivery" from the order drawer, which stays open.
  const drawer = await openOrder(vendor, reference);
  await expect(drawer.getByText(tracking)).toBeVisible();
  await drawer.getByRole('button', { name: 'Add tracking event' }).click();
  const eventForm = drawer.getByRole('form', { name: 'Add tracking event' });
  await eventForm.getByLabel('Event').selectOption('out_for_delivery');
  await eventForm.getByRole('button', { name: 'Add event' }).click();
  const courierTimeline = drawer.getByRole('list', { name: 'Tracking timeline' });
  await expect(courierTimeline.getByText(/^Out for delivery: the driver has the parcel/)).toBeVisible();

  // The recipient opens the link from their email, signed out.
  const mail = await mailTo(request, recipient.email, /out for delivery/);
  const link = /Track your parcel: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link).toMatch(/\/track\/[23456789A-Z]{12}$/);
  const reader = await (await browser.newContext()).newPage();
  const readerErrors = watchForErrors(reader);
  await reader.goto(link);
  await expect(reader.getByRole('heading', { name: 'Out for delivery today' })).toBeVisible();
  const timeline = reader.getByRole('list', { name: 'Tracking timeline' });
  await expect(timeline.getByText('Collected: the parcel is on its way')).toBeVisible();
  await expect(timeline.getByText(/^Out for delivery/)).toBeVisible();
  await expect(
    reader.getByText(`From London (SW1A) to Edinburgh (EH1) with E2E Tracking Courier (${serviceName})`),
  ).toBeVisible();
  // No personal data on the page, and it fits a 320 px screen.
  for (const personal of [recipient.name, '1 Royal Mile', recipient.email, '0131 496 0000', 'EH1 1YZ']) {
    await expect(reader.getByText(personal)).toHaveCount(0);
  }
  await reader.setViewportSize({ width: 320, height: 700 });
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await reader.screenshot({ path: 'e2e-screenshots/tracking-320.png', fullPage: true });

  // The courier marks it delivered; the recipient's page says so.
  await drawer.getByRole('button', { name: 'Edit Order' }).click();
  await drawer.getByLabel('Status').selectOption('delivered');
  await drawer.getByRole('button', { name: 'Save Changes' }).click();
  await expect(drawer.getByLabel('Status')).toHaveValue('delivered');
  await reader.reload();
  await expect(reader.getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(reader.getByRole('list', { name: /Progress: stage 5 of 5/ })).toBeVisible();
  await mailTo(request, recipient.email, /has been delivered/);

  // (t2: the customer reviews the delivered order and a new quote shows the rating count here.)

  errors.expectNone();
  readerErrors.expectNone();
});
