import { expect, test } from './fixtures';
import { look } from './layout';
import { expectOpened } from './opened';
import { activeCourier, apiCall, guard, paidOrder, payInTestMode, unique, verifiedAccount } from './support';

/**
 * A return against the built product (TEST MODE payments): a recipient holding only the tracking
 * code of a delivered parcel starts a return from its tracking page without an account, gets the
 * prices for the reverse route, signs in to book, pays in TEST MODE and gets the label. Each new
 * screen is checked by axe and looked at (no sideways scroll) at 1280, 390 and 320 px.
 */

test('a recipient returns a delivered parcel without an account, signs in to book, pays and gets the label', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const outbound = await activeCourier(request, {
    shopName: `Outbound Couriers ${unique()}`,
    service: {
      name: `Out Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const backName = `Back Home ${unique()}`;
  await activeCourier(request, {
    shopName: `Return Couriers ${unique()}`,
    service: { name: backName, serviceType: 'domestic', fromLocation: 'Scotland', toLocation: 'England' },
  });
  const sender = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, sender.token, {
    serviceId: outbound.serviceId!,
    contents: 'A jumper',
  });
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, outbound.token, { status });
  }
  const { trackingCode } = (await apiCall(request, 'get', `/api/v1/orders/${order.id}`, sender.token)) as {
    trackingCode: string;
  };
  // The recipient has an account already, but starts signed out.
  const recipient = await verifiedAccount(request, 'customer');

  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const watch = guard(page);
  await page.goto(`/track/${trackingCode}`);
  await page.getByRole('link', { name: 'Start a return' }).click();
  await expect(page.getByRole('heading', { name: 'Return a parcel', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Start a return' });
  await expect(form.getByLabel('Tracking code')).toHaveValue(trackingCode);

  // Every field says what it lacks, and a wrong postcode is refused at the fields.
  await form.getByLabel('Tracking code').fill('');
  await form.getByRole('button', { name: 'See return prices' }).click();
  await expect(form.getByText('Enter the tracking code')).toBeVisible();
  await expect(form.getByText('Enter the delivery postcode')).toBeVisible();
  await expect(form.getByText('Choose why you are returning it')).toBeVisible();
  await form.getByLabel('Tracking code').fill(trackingCode.toLowerCase());
  await form.getByLabel('Delivery postcode').fill('SW1A 1AA');
  await form.getByLabel('Why are you returning it?').selectOption({ label: 'It does not fit' });
  await watch.expectClean();
  await form.getByRole('button', { name: 'See return prices' }).click();
  await expect(form.getByText('No parcel matches this tracking code and delivery postcode')).toBeVisible();
  // The browser logs the API's 404 (the refusal just shown) as a console error: nothing else was logged.
  watch.reset();
  await expect(form.getByLabel('Delivery postcode')).toHaveAttribute('aria-invalid', 'true');
  await look(page, 'returns', 'start', { widths: [1280, 390, 320], axeAt: [1280, 390] });

  await form.getByLabel('Delivery postcode').fill('eh1 1aa');
  await form.getByRole('button', { name: 'See return prices' }).click();
  const prices = page.getByRole('form', { name: 'Prices for the return' });
  await expect(prices).toBeVisible();
  await expect(page.getByText(`Order ${order.reference} by`)).toBeVisible();
  await expect(page.getByText('You pay for the return label, like any booking.')).toBeVisible();
  const option = prices.getByRole('radio', { name: new RegExp(backName) });
  await option.check();
  await expect(prices.getByRole('button', { name: 'Sign in to book' })).toBeVisible();
  await look(page, 'returns', 'prices', { widths: [1280, 390, 320], axeAt: [1280, 390] });
  await watch.expectClean();

  // Sign in in the dialog over the page; the booking goes on by itself.
  await prices.getByRole('button', { name: 'Sign in to book' }).click();
  const dialog = await expectOpened(page.getByRole('dialog'));
  const signIn = dialog.getByRole('form', { name: 'Log in' });
  await signIn.getByLabel('Email').fill(recipient.email);
  await signIn.getByLabel('Password', { exact: true }).fill(recipient.password);
  await signIn.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  await payInTestMode(page);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible({ timeout: 30_000 });
  const returnOrderId = new URL(page.url()).searchParams.get('order')!;

  await page.getByRole('link', { name: 'here' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Label' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await watch.expectClean();

  // Linked on both timelines.
  const original = await apiCall(request, 'get', `/api/v1/orders/${order.id}`, sender.token);
  expect((original.events as { description: string }[]).map((e) => e.description)).toContain(
    `Return booked: order #${returnOrderId.slice(-8)} sends it back`,
  );

  // The recipient's dashboard marks the return with the order it sends back.
  await page.goto('/dashboard');
  const row = page.getByRole('row').filter({ hasText: `#${returnOrderId.slice(-8)}` });
  await expect(row.getByText(`Return of #${order.id.slice(-8)}`)).toBeVisible();
  await look(page, 'returns', 'dashboard', { widths: [1280, 390, 320], axeAt: [1280, 390] });
  await watch.expectClean();
});
