/**
 * Helpers the browser tests share: accounts and couriers made through the API, codes and mail
 * from the dev mailbox, signing in, the booking form's addresses, TEST MODE payment, and a guard
 * that fails a test on an error boundary, a page error or a console error.
 */
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { watchForErrors } from './a11y';
import { serverBookableDay } from './dates';
import { expectOpened } from './opened';

/** The demo accounts every fresh database has (never in production). */
export const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
export const DEMO_CUSTOMER = { email: 'customer@consign.example', password: 'consign-demo-1' };
/** The password of every account a spec signs up. */
export const PASSWORD = 'correct-horse-battery';

/** A short, time-ordered, unlikely-to-repeat suffix for names and emails. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type Account = { email: string; password: string };
type Json = Record<string, unknown>;

/** An authorised API call that must succeed; answers the parsed body (null when empty). */
export async function apiCall(
  request: APIRequestContext,
  method: 'get' | 'post' | 'patch' | 'put',
  path: string,
  token: string,
  data?: unknown,
): Promise<Json> {
  const res = await request[method](path, { headers: { Authorization: `Bearer ${token}` }, data });
  const text = await res.text();
  expect(res.ok(), `${method} ${path}: ${res.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as Json;
}

/** The newest 6-digit code mailed to `email`, read from the outbox's dev mailbox (retried until it arrives). */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(response.ok()).toBe(true);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    const match = items
      .map((m) => /(?<![\d-])(\d{6})(?![\d-])/.exec(`${m.subject}\n${m.text}`))
      .find(Boolean);
    expect(match).toBeTruthy();
    code = match![1]!;
  }).toPass({ timeout: 30_000 });
  return code;
}

/** The newest mail to `to` whose subject matches, from the dev mailbox (retried until it lands). */
export async function mailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    found = items.find((m) => subject.test(m.subject));
    expect(found).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return found!;
}

/** A new account, its email verified with the mailed code: its sign-in and an access token. */
export async function verifiedAccount(
  request: APIRequestContext,
  role: 'vendor' | 'customer',
  name = `E2E ${role}`,
): Promise<Account & { token: string }> {
  const email = `e2e-${role}-${unique()}@example.com`;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password: PASSWORD, role, name },
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
  return {
    email,
    password: PASSWORD,
    token: ((await verified.json()) as { accessToken: string }).accessToken,
  };
}

/** An access token of `account`, signed in through the API. */
export async function accessToken(request: APIRequestContext, account: Account): Promise<string> {
  const { email, password } = account;
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.ok(), `sign-in of ${account.email}: ${login.status()} ${await login.text()}`).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** A staff access token (the demo admin). */
export const adminToken = (request: APIRequestContext) => accessToken(request, ADMIN);

/**
 * Saves a courier's business details through the API, as the details form does: every vendor
 * page leads to that form until they exist.
 */
export async function saveBusinessDetails(request: APIRequestContext, accessToken: string, shopName: string) {
  const response = await request.patch('/api/v1/vendors/me', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      shopName,
      addressLine1: '12 Wharf Road',
      city: 'London',
      state: 'Greater London',
      postalCode: 'N1 7GR',
      country: 'GB',
      description: 'Parcels across the UK.',
    },
  });
  expect(response.ok()).toBe(true);
}

/**
 * A new courier business, verified, with its details and (when given) one active service, then
 * activated by staff: the way every courier reaches quotes.
 */
export async function activeCourier(
  request: APIRequestContext,
  { shopName = 'E2E Courier', service }: { shopName?: string; service?: Json } = {},
) {
  const account = await verifiedAccount(request, 'vendor', shopName);
  await saveBusinessDetails(request, account.token, shopName);
  const created = service
    ? await apiCall(request, 'post', '/api/v1/couriers', account.token, {
        weightTiers: [{ maxKg: 30, price: 450 }],
        transitDays: 2,
        currency: 'GBP',
        volumetricDivisor: 5000,
        status: 'active',
        ...service,
      })
    : null;
  const me = await apiCall(request, 'get', '/api/v1/vendors/me', account.token);
  await apiCall(request, 'post', `/api/v1/admin/vendors/${me.id}/activate`, await adminToken(request), {
    reason: 'Business details checked',
  });
  return { ...account, shopName, vendorId: me.id as string, serviceId: (created?.id as string) ?? null };
}

/**
 * A page in a browser context of its own, signed in: people side by side. The page is blank; the
 * first page it opens is signed in (see `signInThroughApi`).
 */
export async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInThroughApi(page, account);
  return page;
}

/**
 * Signs `page`'s browser context in through the API, as the form does (the refresh cookie), without
 * loading the sign-in page: for tests whose next step opens a page of their own. The form itself is
 * walked by `signIn` (auth, booking, the widget's checkout, a11y). Saves a page load per person
 * (docs/performance.md).
 */
export async function signInThroughApi(page: Page, account: Account) {
  await accessToken(page.request, account);
}

/** Signs `page` in through the sign-in form and waits for the signed-in menu. */
export async function signIn(page: Page, account: Account) {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
}

/**
 * The courier dashboard with its order search applied: the search reaches the address after a
 * pause, and a click on a row before then can be lost to that navigation (seen once under load).
 */
export async function searchCourierOrders(page: Page, text: string) {
  await page.goto('/vendor-dashboard');
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

export type Address = {
  name: string;
  email: string;
  phone: string;
  postcode: string;
  street: string;
  town: string;
  county: string;
};

/** One address group of the booking (and job) form, in the portal or the widget's checkout. */
export async function fillAddress(group: Locator, a: Address) {
  await group.getByLabel('Full name', { exact: true }).fill(a.name);
  await group.getByLabel('Email', { exact: true }).fill(a.email);
  await group.getByLabel('Contact number', { exact: true }).fill(a.phone);
  await group.getByLabel('Postcode', { exact: true }).fill(a.postcode);
  await group.getByLabel('Street', { exact: true }).fill(a.street);
  await group.getByLabel('Town', { exact: true }).fill(a.town);
  await group.getByLabel('County', { exact: true }).fill(a.county);
}

/** The booking (and job) form's two address groups. */
export async function fillAddresses(form: Locator, collection: Address, delivery: Address) {
  await fillAddress(form.getByRole('group', { name: 'Collection address' }), collection);
  await fillAddress(form.getByRole('group', { name: 'Delivery address' }), delivery);
}

/** A London sender, as the booking specs collect from. */
export const londonSender = (email: string): Address => ({
  name: 'Casey Customer',
  email,
  phone: '020 7946 0000',
  postcode: 'SW1A 1AA',
  street: '10 Downing Street',
  town: 'London',
  county: 'Greater London',
});

/** An Edinburgh recipient. */
export const edinburghRecipient = (name: string, email: string): Address => ({
  name,
  email,
  phone: '0131 496 0000',
  postcode: 'EH1 1YZ',
  street: '1 Royal Mile',
  town: 'Edinburgh',
  county: 'Midlothian',
});

/** The TEST MODE provider's approval page, from the portal's payment step. */
export async function payInTestMode(page: Page) {
  await expect(page.getByText('TEST MODE: no real money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();
  await expect(page.getByText('TEST MODE — no real money moves')).toBeVisible();
  await page.getByRole('button', { name: /Approve test payment/ }).click();
}

/**
 * Fails the test on what went wrong on `page`: a page error, a console error, or an error
 * boundary on screen (the portal's "Oops! Something went wrong", react-admin's "Something went
 * wrong"). Call `expectClean()` at each checkpoint and at the end.
 */
export function guard(page: Page) {
  const errors = watchForErrors(page);
  return {
    async expectClean(where = page.url()) {
      await expect(page.getByText(/Something went wrong/), `an error boundary at ${where}`).toHaveCount(0);
      errors.expectNone();
    },
    /** Forgets what was logged so far: the console logs its 401s before staff sign in. */
    reset: () => errors.clear(),
  };
}

/** The addresses the API-made bookings and jobs use: from London to Edinburgh. */
const SENDER = {
  name: 'Sam Sender',
  email: 'sam@example.com',
  phone: '+44 20 7946 0000',
  line1: '1 High Street',
  town: 'London',
  county: 'Greater London',
  postcode: 'SW1A 1AA',
  country: 'GB',
};
const RECIPIENT = {
  ...SENDER,
  name: 'Robin Recipient',
  line1: '2 Royal Mile',
  town: 'Edinburgh',
  county: 'Midlothian',
  postcode: 'EH1 1AA',
};

/** Approves and captures a TEST MODE payment through the API, as the provider's page would. */
async function payThroughApi(request: APIRequestContext, path: string, customer: string) {
  const start = await apiCall(request, 'post', `${path}/payment`, customer);
  await request.post(start.approveUrl as string);
  await apiCall(request, 'post', `${path}/payment/capture`, customer);
}

type OrderOptions = {
  serviceId?: string;
  /** A stored quote option asked elsewhere (through a partner's widget key): booked as it is. */
  quoteOptionId?: string;
  contents?: string;
  delivery?: Partial<typeof RECIPIENT>;
  notes?: string;
  /** Extended cover bought (minor units: one of the cover tiers); none by default. */
  coverAmount?: number;
};

/**
 * A domestic parcel from London to Edinburgh, quoted and booked (not yet paid) through the API by
 * `customer` (an access token): on the option of `serviceId` when given, else the first;
 * `delivery` changes the recipient's details, `notes` are the customer's notes for the courier.
 * (The booking pages have their own specs: booking, journey, a11y, drop-off points.)
 */
export async function bookedOrder(
  request: APIRequestContext,
  customer: string,
  { serviceId, quoteOptionId, contents = 'Books', delivery = {}, notes, coverAmount = 0 }: OrderOptions = {},
): Promise<{ id: string; reference: string }> {
  let optionId = quoteOptionId;
  if (!optionId) {
    const quote = await apiCall(request, 'post', '/api/v1/quotes', customer, {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    });
    const options = quote.options as { id: string; courierService: { id: string } }[];
    const option = serviceId ? options.find((o) => o.courierService.id === serviceId) : options[0];
    expect(option, 'the service is quoted').toBeTruthy();
    optionId = option!.id;
  }
  const created = await apiCall(request, 'post', '/api/v1/orders', customer, {
    quoteOptionId: optionId,
    collectionAddress: SENDER,
    deliveryAddress: { ...RECIPIENT, ...delivery },
    collectionDate: await serverBookableDay(request),
    contents,
    contentValue: Math.max(2500, coverAmount),
    coverAmount,
    ...(notes ? { notes } : {}),
  });
  return { id: created.id as string, reference: created.reference as string };
}

/** `bookedOrder`, then paid in TEST MODE through the API. */
export async function paidOrder(request: APIRequestContext, customer: string, options: OrderOptions = {}) {
  const order = await bookedOrder(request, customer, options);
  await payThroughApi(request, `/api/v1/orders/${order.id}`, customer);
  return order;
}

/**
 * A paid parcel in transit whose courier reported a tracking exception, so its customer is offered
 * a loss claim at once (docs/claims-and-returns.md, "The prefilled loss claim"); with its customer
 * (an account) and its public tracking code.
 */
export async function parcelWithException(request: APIRequestContext, contents: string) {
  const courier = await activeCourier(request, {
    shopName: `Lost Couriers ${unique()}`,
    service: {
      name: `Lost Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, customer.token, { serviceId: courier.serviceId!, contents });
  for (const status of ['confirmed', 'in_transit']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  }
  await apiCall(request, 'post', `/api/v1/vendor/orders/${order.id}/events`, courier.token, {
    kind: 'exception',
    note: 'Label unreadable at the hub',
  });
  const detail = await apiCall(request, 'get', `/api/v1/orders/${order.id}`, customer.token);
  return { order, customer, trackingCode: detail.trackingCode as string };
}

/**
 * A domestic job from London to Edinburgh at the customer's own price, posted and paid in TEST
 * MODE through the API: open to couriers. (Posting a job through its form: vendor-orders.spec.ts.)
 */
export async function paidJob(
  request: APIRequestContext,
  customer: string,
  { contents = 'Vinyl records', askingPrice = 2400 }: { contents?: string; askingPrice?: number } = {},
): Promise<{ id: string; reference: string }> {
  const job = await apiCall(request, 'post', '/api/v1/jobs', customer, {
    serviceType: 'domestic',
    from: 'England',
    to: 'Scotland',
    parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    askingPrice: { amount: askingPrice, currency: 'GBP' },
    collectionAddress: SENDER,
    deliveryAddress: RECIPIENT,
    collectionDate: await serverBookableDay(request),
    contents,
    contentValue: 6000,
  });
  await payThroughApi(request, `/api/v1/jobs/${job.id}`, customer);
  return { id: job.id as string, reference: job.reference as string };
}

/** The origin the partners made by the specs allow their widget on. */
export const PARTNER_ORIGIN = 'https://shop.example';

/** A partner made by staff, and one of its people with a password (through the invitation link). */
export async function partnerWithPerson(request: APIRequestContext, shop: string) {
  const staff = await adminToken(request);
  const name = `${shop} ${unique()}`;
  const partner = (await apiCall(request, 'post', '/api/v1/admin/partners', staff, {
    name,
    mode: 'test',
    allowedOrigins: [PARTNER_ORIGIN],
  })) as { id: string; publishableKey: string };
  const email = `e2e-partner-${unique()}@example.com`;
  await apiCall(request, 'post', `/api/v1/admin/partners/${partner.id}/invites`, staff, {
    email,
    name: 'Pat Partner',
  });
  const invite = await mailTo(request, email, /./);
  const token = /set-password\?token=([^\s"&]+)/.exec(invite.text)?.[1];
  expect(token, 'the invitation carries its link').toBeTruthy();
  const set = await request.post('/api/v1/auth/set-password', {
    data: { token: decodeURIComponent(token!), password: PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return { name, partner, account: { email, password: PASSWORD } };
}

/**
 * A shopper's order booked through a partner's widget key (so it is the partner's), paid, and
 * delivered by its courier; with the shopper, who may claim on it or return it.
 */
export async function deliveredPartnerOrder(
  request: APIRequestContext,
  publishableKey: string,
  courier: { token: string; serviceId: string | null },
) {
  const shopper = await verifiedAccount(request, 'customer');
  const quote = await request.post('/api/v1/quotes', {
    headers: { 'X-Publishable-Key': publishableKey, Origin: PARTNER_ORIGIN },
    data: {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  const options = ((await quote.json()) as { options: { id: string; courierService: { id: string } }[] })
    .options;
  const option = options.find((o) => o.courierService.id === courier.serviceId);
  expect(option, 'the courier’s service is quoted').toBeTruthy();
  const order = await paidOrder(request, shopper.token, {
    serviceId: courier.serviceId!,
    quoteOptionId: option!.id,
  });
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  }
  return { order, shopper };
}

/** A real 1 × 1 PNG, as a person's or a partner's server's photo: the API reads the type from the bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** An order's drawer opened from its row on a dashboard (the customer's by default), once it is open. */
export async function openOrderDrawer(page: Page, reference: string, path = '/dashboard') {
  await page.goto(path);
  await page.getByRole('button', { name: `View details of order ${reference}` }).click();
  return expectOpened(page.getByRole('dialog', { name: `Order ${reference}` }));
}

/**
 * Staff signed in to the console in a browser context of their own, once `menuItem` shows. The
 * guard starts clean: before signing in the console asks for a session it does not have, and the
 * browser logs those 401s.
 */
export async function staffConsole(browser: Browser, menuItem: string) {
  const staff = await (await browser.newContext()).newPage();
  const watch = guard(staff);
  await staff.goto('/admin/');
  await staff.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await staff.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await staff.getByRole('button', { name: 'Sign in' }).click();
  const menu = staff.getByRole('menuitem', { name: menuItem });
  await expect(menu).toBeVisible({ timeout: 30_000 });
  watch.reset();
  return { staff, watch, menu };
}
