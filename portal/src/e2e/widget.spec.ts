import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { CUSTOMER, servePartnerPage, signIn, stopPartnerPages } from './partner-page';
import { edinburghRecipient, fillAddresses, londonSender } from './support';

/**
 * The partner widget end to end: docs/examples/partner-shop.html served by a second tiny server
 * on another origin than Consign loads the widget, gets quotes, books through the checkout iframe
 * with the TEST MODE provider, and hears booking:completed. Served from an origin the demo
 * partner does not allow (127.0.0.2), the same page gets no quotes and the console says why.
 */

test.afterEach(stopPartnerPages);

test('the example page says which Consign it talks to, and a field points it at this one on any port', async ({
  page,
  consign,
}) => {
  await page.goto(await servePartnerPage('127.0.0.1'));
  const box = page.getByRole('region', { name: /this widget talks to Consign at/ });
  await expect(box).toContainText('http://localhost:3000');
  await box.getByLabel('Consign address').fill(`${consign}/`);
  await box.getByRole('button', { name: 'Use this address' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('consign')).toBe(consign);
  await expect(box).toContainText(consign);
  await expect(page.locator('#events')).toContainText('ready {"mode":"test"}', { timeout: 30_000 });
});

test('a partner page on another origin gets quotes and books through the checkout iframe', async ({
  page,
  consign,
}) => {
  const url = await servePartnerPage('127.0.0.1', { consign });
  expect(new URL(url).origin).not.toBe(new URL(consign).origin);
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
  await widget
    .getByRole('button', { name: /^Book / })
    .first()
    .click();
  await expect(events).toContainText('booking:started');

  const checkout = page.frameLocator('iframe[title="Consign checkout"]');
  await signIn(checkout);
  const form = checkout.getByRole('form', { name: 'Book your delivery' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await fillAddresses(
    form,
    londonSender(CUSTOMER.email),
    edinburghRecipient('Morag Mackay', 'morag@example.com'),
  );
  await form.getByLabel('Collection date').fill(await serverBookableDay(page.request));
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('radio', { name: /No extended cover/ }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
  await checkout.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();
  await checkout.getByRole('button', { name: /Approve test payment/ }).click();

  // Back from approval, the checkout captures the payment and tells the partner page, which shows
  // the order in the widget. (A cross-site partner page, where the frame loses its session on the
  // way, is widget-checkout.spec.ts.)
  await expect(widget.getByRole('status').filter({ hasText: 'is booked and paid' })).toBeVisible({
    timeout: 30_000,
  });
  const line =
    (await events.textContent())?.split('\n').find((l) => l.startsWith('booking:completed ')) ?? '';
  const order = JSON.parse(line.slice('booking:completed '.length));
  expect(order).toEqual({
    orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    reference: `#${order.orderId.slice(-8)}`,
    total: expect.any(Number),
    currency: 'GBP',
  });
  await expect(widget.getByRole('status')).toContainText(order.reference);
});

test('the same page on an origin the partner does not allow gets no quotes, the shopper a quiet notice, and the console says why', async ({
  page,
  consign,
}) => {
  const url = await servePartnerPage('127.0.0.2', { consign });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(url);
  await expect(page.locator('#events')).toContainText('error', { timeout: 30_000 });
  await expect(page.locator('#events')).not.toContainText('quote:results');
  await expect
    .poll(() => warnings.join('\n'), { timeout: 30_000 })
    .toContain('does not work on http://127.0.0.2');
  // The shopper is told only that there is nothing here; `ready` never fires.
  const widget = page.locator('[data-consign-widget]');
  await expect(widget.getByRole('status')).toHaveText('Quotes are unavailable.');
  await expect(widget).not.toContainText('does not work');
  await expect(widget.getByRole('button', { name: 'Get quotes' })).toHaveCount(0);
  await expect(page.locator('#events')).not.toContainText('ready');
});
