import type { APIRequestContext, Page } from '@playwright/test';
import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  ADMIN,
  adminToken,
  apiCall,
  bookedOrder,
  PASSWORD,
  paidOrder,
  unique,
  verifiedAccount,
} from './support';

/**
 * Every screen of the staff console opens: an admin signs in, opens every menu item, then the
 * show (and edit, where there is one) page of records of every shape the API returns, and no page
 * shows react-admin's error boundary, throws, or logs a console error. The spec makes the records
 * it needs through the API (couriers in every state, services of every type with one and several
 * destinations, orders paid, refunded and unpaid, a job, a partner with several origins, a
 * contact message), so it depends on no other spec; each test makes its own, so the tests run
 * side by side on the two workers.
 */

const PARCELS = [{ length: 30, width: 20, height: 10, weight: 2 }];

const MENU = [
  'Vendors',
  'Orders',
  'Jobs',
  'Courier services',
  'Quote log',
  'Articles',
  'Contact messages',
  'Reviews',
  'Users',
  'Audit log',
  'Partners',
];

type Api = { request: APIRequestContext; token: string };

/** A staff caller of the API: the demo admin's token. */
async function staffApi(request: APIRequestContext): Promise<Api> {
  return { request, token: await adminToken(request) };
}

/** An API call as staff that must succeed; answers the parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: the console's records are read field by field.
const call = async (api: Api, method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<any> =>
  apiCall(api.request, method, path, api.token, data);

const tier = {
  weightTiers: [{ maxKg: 30, price: 900 }],
  transitDays: 2,
  currency: 'GBP',
  volumetricDivisor: 5000,
  status: 'active',
};

/** A courier with a service of every type: one destination, several, and same day. */
async function courier(api: Api, status: 'pending' | 'active' | 'suspended') {
  const vendor = await verifiedAccount(api.request, 'vendor');
  const me = await apiCall(api.request, 'get', '/api/v1/vendors/me', vendor.token);
  const services: { id: string }[] = [];
  for (const body of [
    {
      name: `Scotland ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
    {
      name: `Europe ${unique()}`,
      serviceType: 'international',
      fromLocation: 'GB',
      toLocation: ['FR', 'DE'],
    },
    { name: `Same day ${unique()}`, serviceType: 'same_day', fromLocation: 'England', toLocation: 'England' },
  ]) {
    const sameDay =
      body.serviceType === 'same_day' ? { sameDay: { baseFee: 1500, perMile: 100, minimumFee: 2000 } } : {};
    services.push(
      (await apiCall(api.request, 'post', '/api/v1/couriers', vendor.token, {
        ...tier,
        ...body,
        ...sameDay,
      })) as { id: string },
    );
  }
  if (status !== 'pending') {
    await call(api, 'post', `/api/v1/admin/vendors/${me.id}/activate`, { reason: 'Checked' });
  }
  if (status === 'suspended') {
    await call(api, 'post', `/api/v1/admin/vendors/${me.id}/suspend`, { reason: 'Checked' });
  }
  return { id: me.id as string, services, token: vendor.token };
}

/** Onboarding answers of every kind the review shows: money in pence, codes, hours, documents. */
const ONBOARDING_ANSWERS = {
  company: {
    companyName: 'Review Couriers Ltd',
    companyType: 'limited-company',
    registrationNumber: '01234567',
    vatNumber: 'GB 123 4567 89',
    yearsInBusiness: 6,
  },
  contact: {
    contactPerson: 'Rae Reviewer',
    email: 'rae@example.com',
    phone: '+44 20 7946 0002',
    address: '3 Dock Street',
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    country: 'England',
  },
  services: {
    serviceAreas: ['Leeds', 'York'],
    coverageRadiusKm: 40,
    deliveryTypes: ['Same Day', 'Next Day'],
    vehicles: [{ type: 'Van', capacity: '800 kg', count: 3 }],
  },
  pricing: { rateCards: [{ serviceType: 'Same Day', basePrice: 1250, perKmPrice: 85, minPrice: 1500 }] },
  compliance: {
    businessHours: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
        day,
        { open: day !== 'sunday', from: '08:00', to: '18:00' },
      ]),
    ),
    insurance: { hasInsurance: true, provider: 'Hiscox', policyNumber: 'HX-1', coverageAmount: 1000000 },
    documentsReady: ['businessLicense', 'insuranceCertificate'],
  },
};

/** Couriers in every state, one of them with its onboarding answers to review. */
async function couriers(api: Api) {
  await courier(api, 'active');
  const pending = await courier(api, 'pending');
  await apiCall(api.request, 'put', '/api/v1/vendors/me/onboarding', pending.token, {
    step: 5,
    answers: ONBOARDING_ANSWERS,
  });
  await courier(api, 'suspended');
}

/** Orders paid, unpaid, confirmed and refunded after delivery, and a job: the staff actions on them fill the audit log. */
async function orders(api: Api) {
  const active = await courier(api, 'active');
  const customer = await verifiedAccount(api.request, 'customer');
  const serviceId = active.services[0]!.id;
  const paid = (await paidOrder(api.request, customer.token, { serviceId })).id;
  await bookedOrder(api.request, customer.token, { serviceId });
  const refunded = (await paidOrder(api.request, customer.token, { serviceId })).id;
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await call(api, 'post', `/api/v1/admin/orders/${refunded}/status`, { status, reason: 'Delivered' });
  }
  await call(api, 'post', `/api/v1/admin/orders/${refunded}/refund`, { reason: 'Lost parcel' });
  await call(api, 'post', `/api/v1/admin/orders/${paid}/status`, { status: 'confirmed', reason: 'Checked' });
  await partner(api);
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
  // Unpaid, so not a copy of support.ts's paidJob: the console shows jobs in every payment state.
  await apiCall(api.request, 'post', '/api/v1/jobs', customer.token, {
    serviceType: 'domestic',
    from: 'England',
    to: 'Scotland',
    parcels: PARCELS,
    askingPrice: { amount: 1500, currency: 'GBP' },
    collectionAddress: address,
    deliveryAddress: {
      ...address,
      name: 'Robin Recipient',
      email: 'robin@example.com',
      line1: '2 Royal Mile',
      town: 'Edinburgh',
      county: 'Midlothian',
      postcode: 'EH1 1AA',
    },
    collectionDate: await serverBookableDay(api.request),
    contents: 'Books',
    contentValue: 2500,
  });
}

/** A partner with several origins, one of them a pattern. */
const partner = (api: Api) =>
  call(api, 'post', '/api/v1/admin/partners', {
    name: `Shop ${unique()}`,
    mode: 'test',
    allowedOrigins: ['https://shop.example', 'https://www.shop.example', 'http://localhost:*'],
  });

/** A contact message. */
const message = (api: Api) =>
  call(api, 'post', '/api/v1/contact', {
    name: 'Sam Asker',
    phone: '+44 20 7946 0000',
    email: 'sam@example.com',
    message: 'Where is my parcel?',
  });

/** Fails the test on anything the page throws or logs as an error. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return errors;
}

/** react-admin's error boundary. */
const boundary = (page: Page) => page.getByText('Something went wrong');

async function expectNoErrorBoundary(page: Page, where: string, errors: string[]) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(boundary(page), where).toHaveCount(0);
  expect(errors, where).toEqual([]);
}

async function signInAsStaff(page: Page) {
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Vendors' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Opens the pages of the newest 25 records of each resource (this test's records, and the demo
 * data) in the signed-in console, failing on an error boundary or an error logged.
 */
async function openEveryRecord(
  page: Page,
  api: Api,
  errors: string[],
  resources: Record<string, ('show' | 'edit')[]>,
) {
  for (const [resource, pages] of Object.entries(resources)) {
    const rows = (await call(
      api,
      'get',
      `/api/v1/admin/${resource}?range=${encodeURIComponent('[0,24]')}`,
    )) as { id: string }[];
    expect(rows.length, `${resource} has records`).toBeGreaterThan(0);
    for (const row of rows) {
      for (const kind of pages) {
        const where = `${resource}/${row.id}/${kind}`;
        // The page has its record once the API has answered for it (react-admin fetches on each visit).
        const answered = page.waitForResponse(
          (r) => new URL(r.url()).pathname === `/api/v1/admin/${resource}/${encodeURIComponent(row.id)}`,
        );
        await page.goto(
          `/admin/#/${resource}/${encodeURIComponent(row.id)}${kind === 'show' ? '/show' : ''}`,
        );
        expect((await answered).ok(), where).toBe(true);
        await expect(page.locator('.RaShow-card, .RaEdit-card').or(boundary(page)).first()).toBeVisible();
        await expectNoErrorBoundary(page, where, errors);
      }
    }
  }
}

// The console's every record, in three tests of their own records (some seventy pages each, each
// waiting for its API answer: a bound for a busy machine).

test('every menu item, and the page of every order, job, quote and audit entry, opens without an error', async ({
  page,
  request,
}) => {
  test.slow();
  const api = await staffApi(request);
  // Every list has records, this test's or the demo data's, so each shows its table: orders,
  // a job, quotes, a partner and the staff actions on them in the audit log, a contact message.
  await orders(api);
  await message(api);
  const errors = watchErrors(page);
  await signInAsStaff(page);
  // Before signing in the console asks for a session it does not have: the browser logs those 401s.
  errors.length = 0;

  for (const item of MENU) {
    await page.getByRole('menuitem', { name: item, exact: true }).click();
    await expect(
      page.getByRole('table').or(page.getByText('No results found')).or(boundary(page)),
    ).toBeVisible();
    await expectNoErrorBoundary(page, `the ${item} list`, errors);
  }
  await openEveryRecord(page, api, errors, {
    orders: ['show'],
    jobs: ['show'],
    quotes: ['show'],
    'audit-log': ['show'],
  });
});

test('the page of every courier, service and user opens without an error', async ({ page, request }) => {
  test.slow();
  const api = await staffApi(request);
  await couriers(api);
  const errors = watchErrors(page);
  await signInAsStaff(page);
  errors.length = 0;
  await openEveryRecord(page, api, errors, {
    vendors: ['show'],
    'courier-services': ['show'],
    users: ['show'],
  });
});

test('the page of every partner, article, contact message and review opens without an error', async ({
  page,
  request,
}) => {
  test.slow();
  const api = await staffApi(request);
  await partner(api);
  await message(api);
  const errors = watchErrors(page);
  await signInAsStaff(page);
  errors.length = 0;
  await openEveryRecord(page, api, errors, {
    articles: ['edit'],
    'contact-messages': ['show'],
    reviews: ['show'],
    partners: ['show', 'edit'],
  });
});

test('staff edit a partner’s origins as a list, checked as typed and by the server', async ({
  page,
  request,
}) => {
  const api = await staffApi(request);
  const name = `Origins ${unique()}`;
  const partner = await call(api, 'post', '/api/v1/admin/partners', {
    name,
    mode: 'test',
    allowedOrigins: ['https://shop.example'],
  });
  const errors = watchErrors(page);
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Vendors' })).toBeVisible({ timeout: 30_000 });
  errors.length = 0;

  await page.goto(`/admin/#/partners/${partner.id}`);
  const first = page.getByRole('textbox', { name: 'Allowed origin 1' });
  await expect(first).toHaveValue('https://shop.example');
  // Enter adds the next row and moves to it; a wrong origin is named at once, under its row.
  await first.press('Enter');
  const second = page.getByRole('textbox', { name: 'Allowed origin 2' });
  await expect(second).toBeFocused();
  await second.fill('shop.example');
  await expect(page.getByRole('alert').filter({ hasText: '"shop.example" is not an origin' })).toBeVisible();
  // Longer than the server takes: the rule here passes it, the server's field error shows under it.
  const long = `https://${'a'.repeat(300)}.example`;
  await second.fill(long);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /300/ })).toBeVisible();
  // The browser logs the refused request (422) it was meant to get; nothing else may be logged.
  expect(errors).toEqual([expect.stringContaining('422')]);
  errors.length = 0;
  // Corrected, it saves without a reload and says so in words.
  await second.fill('http://localhost:*');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Partner ${name} saved`)).toBeVisible();
  await expect(page.getByText('https://shop.example, http://localhost:*')).toBeVisible();

  // A removed row is gone from the saved list.
  await page.goto(`/admin/#/partners/${partner.id}`);
  await page.getByRole('button', { name: 'Remove allowed origin 1' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Partner ${name} saved`)).toBeVisible();
  await expect(page.getByText('http://localhost:*', { exact: true })).toBeVisible();

  // Rotating the key asks for a reason like every other action.
  await page.getByRole('button', { name: 'Rotate key' }).click();
  const dialog = await expectOpened(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  await expect(dialog.getByText('Give a reason for this change')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Key shared by mistake');
  await dialog.getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByText(`New key issued for ${name}`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('staff read an onboarding as a document, activate it with its VAT number, and end a user’s session', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const api = await staffApi(request);
  const vendor = await courier(api, 'pending');
  await apiCall(request, 'put', '/api/v1/vendors/me/onboarding', vendor.token, {
    step: 5,
    answers: ONBOARDING_ANSWERS,
  });
  const customer = await verifiedAccount(request, 'customer');
  // A second sign-in of the same account: two sessions, one to end.
  await request.post('/api/v1/auth/login', { data: { email: customer.email, password: PASSWORD } });
  const [user] = (await call(
    api,
    'get',
    `/api/v1/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: customer.email }))}`,
  )) as { id: string }[];

  const errors = watchErrors(page);
  await signInAsStaff(page);
  errors.length = 0;

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/#/vendors/${vendor.id}/show`);
    await expect(page.getByText('Limited company')).toBeVisible();
    await expect(page.getByText('£12.50', { exact: true })).toBeVisible();
    await expect(page.getByText('£10,000.00', { exact: true })).toBeVisible();
    await expect(page.getByText('Business license, Insurance certificate')).toBeVisible();
    await expect(page.getByText('GB 123 4567 89')).toBeVisible();
    await expectNoErrorBoundary(page, `vendor review at ${width}px`, errors);
    await page.screenshot({ path: testInfo.outputPath(`vendor-review-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Activate' }).click();
  const dialog = await expectOpened(page.getByRole('dialog'));
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Documents checked');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(/is active: its courier services can be quoted/)).toBeVisible();
  // The stated VAT number is now the profile's, in the profile's own form.
  await expect(page.getByText('GB123456789', { exact: true })).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/#/users/${user!.id}/show`);
    // In words at every width (react-admin's buttons are icons only on phones).
    await expect(page.getByText('End session', { exact: true })).toHaveCount(2);
    await expectNoErrorBoundary(page, `user sessions at ${width}px`, errors);
    // The tables of dates scroll within their box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`user-sessions-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'End session' }).first().click();
  const end = await expectOpened(page.getByRole('dialog'));
  await end.getByRole('button', { name: 'End session' }).click();
  await expect(end.getByText('Give a reason for this change')).toBeVisible();
  await end.getByLabel('Reason (kept in the audit log)').fill('Lost phone');
  await end.getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText(`The session of ${customer.email} has ended`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'End session' })).toHaveCount(1);
  await expect(page.getByText(/^Revoked /)).toBeVisible();
  expect(errors).toEqual([]);
});

test('staff read words, not stored values: actions, records, dates, countries, payments and roles (issue 51, item 7)', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const api = await staffApi(request);
  const active = await courier(api, 'active');
  const customer = await verifiedAccount(request, 'customer');
  const { id: paid } = await paidOrder(request, customer.token, { serviceId: active.services[0]!.id });
  const name = `Words ${unique()}`;
  const partner = await call(api, 'post', '/api/v1/admin/partners', {
    name,
    mode: 'test',
    allowedOrigins: ['https://shop.example'],
  });
  const longReason = `Key shared by mistake ${'in a long support thread '.repeat(12)}`.trim();
  await call(api, 'post', `/api/v1/admin/partners/${partner.id}/rotate-key`, { reason: longReason });

  const errors = watchErrors(page);
  await signInAsStaff(page);
  errors.length = 0;
  const iso = /\d{4}-\d{2}-\d{2}/;

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The audit log: the partner's creation is there, each action in words, the partner by name.
    await page.goto(
      `/admin/#/audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId: partner.id }))}`,
    );
    await expect(page.getByText('Partner: create')).toBeVisible();
    await expect(page.getByText('Partner: rotate key')).toBeVisible();
    await expect(page.locator(`a[href="#/partners/${partner.id}/show"]`, { hasText: name })).toHaveCount(2);
    await expect(page.getByText('partner.rotate_key')).toHaveCount(0);
    await expectNoErrorBoundary(page, `audit log at ${width}px`, errors);
    // A long reason wraps: the page itself never scrolls sideways beyond its table.
    const reason = page.getByText(longReason);
    await expect(reason).toBeVisible();
    expect((await reason.boundingBox())!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`audit-words-${width}.png`), fullPage: true });

    // An order: its collection day, countries and payment in words; no ISO date anywhere.
    await page.goto(`/admin/#/orders/${paid}/show`);
    await expect(page.getByText('Captured (test payment)')).toBeVisible();
    await expect(page.getByText('United Kingdom').first()).toBeVisible();
    await expect(page.getByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} \w{3,4} \d{4}$/)).toBeVisible();
    await expect(page.getByText(/by the customer/).first()).toBeVisible();
    expect(await page.locator('.RaShow-card').innerText()).not.toMatch(iso);
    await expectNoErrorBoundary(page, `order at ${width}px`, errors);
    await page.screenshot({ path: testInfo.outputPath(`order-words-${width}.png`), fullPage: true });

    // Users: a partner's person has the role Partner.
    await page.goto(`/admin/#/users?filter=${encodeURIComponent(JSON.stringify({ role: 'partner' }))}`);
    await expect(page.getByText('partner@consign.example')).toBeVisible();
    await expect(page.locator('tbody').getByText('Partner', { exact: true }).first()).toBeVisible();
    await expectNoErrorBoundary(page, `users at ${width}px`, errors);
  }

  // The reason dialog says how much of the 500 characters is used, so nothing is cut unsaid.
  // (A key in its grace period is not rotated again: a partner of its own for this.)
  const fresh = await call(api, 'post', '/api/v1/admin/partners', {
    name: `Count ${unique()}`,
    mode: 'test',
    allowedOrigins: ['https://shop.example'],
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/#/partners/${fresh.id}/show`);
  await page.getByRole('button', { name: 'Rotate key' }).click();
  const dialog = await expectOpened(page.getByRole('dialog'));
  await expect(dialog.getByText('0 of 500 characters')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Lost');
  await expect(dialog.getByText('4 of 500 characters')).toBeVisible();
  expect(errors).toEqual([]);
});
