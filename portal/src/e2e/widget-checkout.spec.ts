import type { Locator, Page, Route } from '@playwright/test';
import { axe } from './a11y';
import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { codesMailedTo, uniqueEmail } from './helpers';
import { expectOpened } from './opened';
import { CUSTOMER, servePartnerPage, signIn, stopPartnerPages } from './partner-page';
import { edinburghRecipient, fillAddresses, londonSender } from './support';
import { receiver, signatureValid } from './webhook-receiver';

/**
 * A checkout that never loses a payment, on a truly cross-site partner page.
 *
 * The partner page (docs/examples/partner-shop.html) is served by the test on `localhost`, while
 * Consign runs on `127.0.0.1`: another origin AND another site, so the checkout frame is a
 * third-party frame, as on a real shop's domain. Browsers do not give such a frame Consign's
 * first-party session cookie (SameSite=Strict is neither sent nor stored there, and third-party
 * cookie blocking goes further). So that this does not depend on one browser's cookie policy,
 * the test also removes every Set-Cookie from Consign's auth answers to the frame: whatever the
 * browser would allow, the frame holds its session in memory only, and the trip to the payment
 * provider (a full navigation of the frame) loses it, exactly as on a cross-site page.
 *
 * The shopper signs in once, books, approves the TEST MODE payment and closes the modal straight
 * after approving; the order is paid all the same, the page hears `booking:completed` and never
 * `booking:cancelled`, and the shopper was not asked to sign in again.
 */

const PARTNER = { email: 'partner@consign.example', password: 'consign-demo-1' };
test.afterEach(stopPartnerPages);

/** No session cookie ever reaches the browser from Consign's auth routes (see the file comment). */
async function withoutSessionCookies(page: Page, consign: string): Promise<{ refreshAnswers: number[] }> {
  const seen = { refreshAnswers: [] as number[] };
  page.on('response', (response) => {
    if (response.url() === `${consign}/api/v1/auth/refresh`) seen.refreshAnswers.push(response.status());
  });
  await page.route(`${consign}/api/v1/auth/**`, async (route: Route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['set-cookie'];
    await route.fulfill({ response, headers });
  });
  return seen;
}

const eventLines = async (events: Locator) => ((await events.textContent()) ?? '').split('\n');

/** Opens the partner page, quotes a small parcel in the widget and books the first option. */
async function openCheckout(page: Page, url: string) {
  await page.goto(url);
  const events = page.locator('#events');
  await expect(events).toContainText('ready {"mode":"test"}', { timeout: 30_000 });

  const widget = page.locator('[data-consign-widget]');
  await widget.getByLabel('Length (cm)').fill('30');
  await widget.getByLabel('Width (cm)').fill('20');
  await widget.getByLabel('Height (cm)').fill('15');
  await widget.getByLabel('Weight (kg)').fill('2');
  await widget.getByRole('button', { name: 'Get quotes' }).click();
  await expect(events).toContainText('quote:results', { timeout: 30_000 });
  // The results as a shopper sees them, at the page's width and at a phone's.
  await page.screenshot({ path: test.info().outputPath('results-desktop.png'), fullPage: true });
  await widget
    .getByRole('button', { name: /^Book / })
    .first()
    .click();
  await expect(events).toContainText('booking:started');
  return { events, widget, checkout: page.frameLocator('iframe[title="Consign checkout"]') };
}

test('a shopper on a cross-site partner page pays without signing in again, even closing the modal after approving', async ({
  page,
  request,
  consign,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The demo partner's server listens for its webhooks: booking:completed, signed.
  const hook = await receiver();
  const partnerLogin = await request.post(`${consign}/api/v1/auth/login`, { data: PARTNER });
  expect(partnerLogin.ok()).toBe(true);
  const partnerAuth = {
    Authorization: `Bearer ${((await partnerLogin.json()) as { accessToken: string }).accessToken}`,
  };
  const created = await request.post(`${consign}/api/v1/partner/webhook-endpoints`, {
    headers: partnerAuth,
    data: { url: hook.url, events: ['booking:completed'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const endpoint = (await created.json()) as { id: string; secret: string };

  // The example shop on `localhost`: a different site from Consign's 127.0.0.1.
  const url = await servePartnerPage('localhost', { consign, listen: '::' });
  expect(new URL(url).hostname).toBe('localhost');
  expect(new URL(consign).hostname).not.toBe('localhost');
  const cookies = await withoutSessionCookies(page, consign);

  const { events, widget, checkout } = await openCheckout(page, url);
  await signIn(checkout);
  const form = checkout.getByRole('form', { name: 'Book your delivery' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  // The checkout's own layout: none of the site's header, menu or footer inside the frame.
  await expect(checkout.getByRole('banner')).toHaveCount(0);
  await expect(checkout.getByRole('contentinfo')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('checkout-desktop.png') });
  await fillAddresses(
    form,
    londonSender(CUSTOMER.email),
    edinburghRecipient('Morag Mackay', 'morag@example.com'),
  );
  await form.getByLabel('Collection date').fill(await serverBookableDay(request));
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('radio', { name: /No extended cover/ }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
  await checkout.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();

  // The capture on return is held until the shopper has closed the modal: the order must be paid
  // and reported although nobody is looking at the checkout any more.
  let release!: () => void;
  const closed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`${consign}/api/v1/payments/return`, async (route) => {
    await closed;
    await route.continue();
  });
  await checkout.getByRole('button', { name: /Approve test payment/ }).click();

  // Back from the provider the frame has no session (the refresh found no cookie), yet it never
  // asks the shopper to sign in: the widget already knows the payment was approved.
  const modal = widget.getByRole('dialog', { name: 'Book with Consign' });
  await expect(modal.getByText('Payment approved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(checkout.getByRole('dialog', { name: 'Log In' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  release();

  const note = widget.locator('.booked-note');
  await expect(note).toContainText('is booked and paid', { timeout: 30_000 });
  const lines = await eventLines(events);
  expect(lines.some((l) => l.startsWith('booking:cancelled'))).toBe(false);
  const line = lines.find((l) => l.startsWith('booking:completed ')) ?? '';
  const order = JSON.parse(line.slice('booking:completed '.length));
  expect(order).toEqual({
    orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    reference: `#${order.orderId.slice(-8)}`,
    total: expect.any(Number),
    currency: 'GBP',
  });
  await expect(note).toContainText(order.reference);
  // The Booked state: the order in a few words (issue 51, item 16), towns only.
  const fact = (term: string) => note.locator(`dt:text-is("${term}") + dd`);
  await expect(fact('Courier')).toHaveText(/ by /);
  await expect(fact('Collection')).toHaveText(/^\w{3},? \d{1,2} \w{3}$/);
  await expect(fact('From')).toHaveText('London');
  await expect(fact('To')).toHaveText('Edinburgh');
  await expect(fact('Paid')).toHaveText(/^£\d+\.\d\d$/);
  // The shopper's signed link, not a page that asks for a session the frame never had.
  const link = note.getByRole('link', { name: `View order ${order.reference} and its label on Consign` });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^${consign.replace(/[.]/g, '\\.')}/order-view\\?token=`),
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await axe(page, 'widget Booked state', `${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect(
    opened.getByRole('heading', { name: `Order ${order.reference} is booked`, level: 1 }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(opened.getByRole('link', { name: 'Download the label (PDF)' })).toBeVisible();
  await opened.close();

  // The frame really had no session after the redirect, and no cookie was ever stored.
  expect(cookies.refreshAnswers).toContain(204);
  expect((await page.context().cookies(consign)).map((c) => c.name)).not.toContain('consign_refresh');

  // The order is paid: the customer's own view of it, through the API.
  const login = await request.post(`${consign}/api/v1/auth/login`, { data: CUSTOMER });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const paid = await request.get(`${consign}/api/v1/orders/${order.orderId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(paid.ok()).toBe(true);
  expect(await paid.json()).toMatchObject({
    id: order.orderId,
    status: 'pending',
    payment: { status: 'captured' },
  });

  // The partner's server heard of it too: a signed booking:completed for this order.
  await expect
    .poll(() => hook.received.filter((r) => JSON.parse(r.body).data?.orderId === order.orderId).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const delivered = hook.received.find((r) => JSON.parse(r.body).data?.orderId === order.orderId)!;
  expect(JSON.parse(delivered.body)).toMatchObject({
    type: 'booking:completed',
    data: { reference: order.reference },
  });
  expect(signatureValid(delivered, endpoint.secret)).toBe(true);
  expect(delivered.headers['consign-event-id']).toBe(JSON.parse(delivered.body).id);
  await request.delete(`${consign}/api/v1/partner/webhook-endpoints/${endpoint.id}`, {
    headers: partnerAuth,
  });
  await hook.close();

  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`booked-${width}.png`), fullPage: true });
  }
  expect(errors).toEqual([]);
});

// Issue 44, finding 2, inside the widget: the checkout frame binds the code to this sign-up's
// handle. Where the browser gives the frame storage (a page on Consign's own site here; a
// cross-site page in browsers that partition storage) the handle survives a reload of the frame.
// Where it denies it (a cross-site page in Chromium with third-party cookies blocked), the handle
// lives for the page load only and is never handed to the partner page to keep: a page that could
// hand one back could hand the frame an attacker's sign-up (docs/widget.md).
for (const { site, host, reload } of [
  { site: 'on Consign’s site, with storage', host: '127.0.0.1', reload: true },
  { site: 'cross-site, without storage', host: 'localhost', reload: false },
] as const) {
  test(`a new shopper signs up inside the checkout frame ${site}; another sign-up’s code is refused${reload ? ' after a reload' : ''}`, async ({
    page,
    request,
    consign,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail();
    const password = 'correct-horse-battery';
    const url = await servePartnerPage(host, { consign, listen: host === 'localhost' ? '::' : host });
    if (host === 'localhost') await withoutSessionCookies(page, consign);
    const { checkout, events, widget } = await openCheckout(page, url);

    const signInDialog = checkout.getByRole('dialog', { name: 'Log In' });
    await expect(signInDialog).toBeVisible({ timeout: 30_000 });
    await expectOpened(signInDialog);
    await signInDialog.getByRole('button', { name: 'Sign Up' }).click();
    const signUpDialog = checkout.getByRole('dialog', { name: 'Sign Up' });
    await expectOpened(signUpDialog);
    // A checkout makes customer accounts only: no "Register as" choice.
    await expect(signUpDialog.getByRole('group', { name: 'Register as' })).toBeHidden();
    await signUpDialog.getByLabel('Email').fill(email);
    await signUpDialog.getByLabel('Password', { exact: true }).fill(password);
    await signUpDialog.getByLabel('Confirm Password', { exact: true }).fill(password);
    await signUpDialog.getByRole('button', { name: 'Register' }).click();
    const otp = checkout.getByRole('form', { name: 'Enter your code' });
    await expect(otp).toBeVisible();
    const [ownersCode] = await codesMailedTo(request, email, 1);

    const attacker = await request.post('/api/v1/auth/signup', {
      data: { email, password: 'attackers-password', role: 'customer' },
    });
    expect(attacker.status()).toBe(201);
    const [, attackersCode] = await codesMailedTo(request, email, 2);

    if (reload) {
      // The frame reloads (the shopper's "Reload frame"): the code step comes back, for this sign-up.
      const frame = page.frames().find((f) => f.url().startsWith(`${consign}/embed/`));
      expect(frame, 'the checkout frame').toBeDefined();
      await frame!.goto(frame!.url());
      await expect(otp).toBeVisible({ timeout: 30_000 });
    }
    await expect(otp.getByText(email)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('checkout-code-step.png') });

    await otp.getByLabel('Verification code').fill(attackersCode!);
    await otp.getByRole('button', { name: 'Verify' }).click();
    await expect(otp.getByText(/This code was sent for another sign-up of this email address/)).toBeVisible();
    await expect(otp.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');

    // The shopper's own code makes the account with their password and goes on to the booking.
    await otp.getByLabel('Verification code').fill(ownersCode!);
    await otp.getByRole('button', { name: 'Verify' }).click();
    await expect(checkout.getByRole('form', { name: 'Book your delivery' })).toBeVisible({ timeout: 30_000 });
    const attackersLogin = await request.post('/api/v1/auth/login', {
      data: { email, password: 'attackers-password' },
    });
    expect(attackersLogin.status()).toBe(401);
    expect((await request.post('/api/v1/auth/login', { data: { email, password } })).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(checkout.getByRole('heading', { name: 'Book your Delivery' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('checkout-signed-up-390.png') });

    // Escape pressed inside the frame closes the modal as Close does (the frame tells the widget):
    // before approval, that is a cancelled booking.
    await checkout.getByLabel('Package content').press('Escape');
    await expect(widget.getByRole('dialog', { name: 'Book with Consign' })).toHaveCount(0);
    await expect(events).toContainText('booking:cancelled');
    expect(errors).toEqual([]);
  });
}
