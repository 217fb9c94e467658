import { inspectPdf } from '@consign/api/testing/pdf-inspect';
import type { Page } from '@playwright/test';
import { axe } from './a11y';
import { serverBookableDay } from './dates';
import { dropOffCourier, publishPoint } from './dropoff';
import { expect, test } from './fixtures';
import { CUSTOMER, servePartnerPage, signIn, stopPartnerPages } from './partner-page';
import { edinburghRecipient, fillAddresses, londonSender, unique } from './support';

/**
 * A drop-off point chosen inside the widget's checkout, on a partner's page: the shopper books a
 * drop-off service from the widget's results, picks a point by keyboard alone in the checkout
 * frame (axe clean at 1280 and 320 px), pays in TEST MODE, and the point is on the order and
 * printed on its label.
 */
test.afterEach(stopPartnerPages);

/** Page and console errors of the partner page and its frames. */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('a shopper chooses a drop-off point by keyboard in the widget checkout and finds it on the label', async ({
  page,
  request,
  consign,
}) => {
  test.slow();
  const courier = await dropOffCourier(request);
  const point = await publishPoint(request, courier.token, courier.serviceId, {
    code: 'PARADE',
    name: `Parade Newsagent ${unique()}`,
    line1: '12 Parade Road',
    postcode: 'SW1A 2AA',
  });
  const errors = errorsOf(page);

  const url = await servePartnerPage('localhost', { consign, listen: '::' });
  await page.goto(url);
  const events = page.locator('#events');
  await expect(events).toContainText('ready {"mode":"test"}', { timeout: 30_000 });
  const widget = page.locator('[data-consign-widget]');
  await widget.getByLabel('Length (cm)').fill('30');
  await widget.getByLabel('Width (cm)').fill('20');
  await widget.getByLabel('Height (cm)').fill('15');
  await widget.getByLabel('Weight (kg)').fill('2');
  await widget.getByRole('button', { name: 'Get quotes' }).click();
  await widget.getByRole('button', { name: new RegExp(`^Book ${courier.serviceName} for `) }).click();
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
  await form.getByLabel('Collection date').fill(await serverBookableDay(request));
  const list = form.getByRole('listbox', { name: 'Drop-off points near the collection postcode' });
  const option = list.getByRole('option', { name: new RegExp(point.name) });
  await expect(option).toBeVisible();

  // The service's one point; by keyboard alone: into the list, to the first point, Enter.
  await expect(list.getByRole('option')).toHaveCount(1);
  await list.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(option).toBeVisible();
    await axe(page, 'widget checkout with a drop-off point chosen', `${width}px`, { crossSiteFrames: true });
    await option.scrollIntoViewIfNeeded();
    await widget
      .getByRole('dialog', { name: 'Book with Consign' })
      .screenshot({ path: test.info().outputPath(`dropoff-widget-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('radio', { name: /No extended cover/ }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
  await checkout.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();
  await checkout.getByRole('button', { name: /Approve test payment/ }).click();
  await expect(events).toContainText('booking:completed', { timeout: 30_000 });
  const line = ((await events.textContent()) ?? '')
    .split('\n')
    .find((l) => l.startsWith('booking:completed '));
  const { orderId } = JSON.parse(line!.slice('booking:completed '.length)) as { orderId: string };

  // The order carries the point, and its label prints it.
  const login = await request.post(`${consign}/api/v1/auth/login`, { data: CUSTOMER });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
  };
  const order = await request.get(`${consign}/api/v1/orders/${orderId}`, { headers });
  expect(await order.json()).toMatchObject({
    payment: { status: 'captured' },
    dropOffPoint: { name: point.name },
  });
  const label = await request.get(`${consign}/api/v1/orders/${orderId}/label.pdf`, { headers });
  expect(label.status()).toBe(200);
  const { pages } = await inspectPdf(await label.body());
  // The label fits the point's name to its box (smaller type, then an ellipsis): the random suffix
  // of a test's name can make it too wide (fc19), so the line is the name or the start of it.
  const text = pages.map((p) => p.text).join('\n');
  const nameLine = text.split('DROP OFF AT\n')[1]?.split('\n')[0] ?? '';
  expect(nameLine.startsWith('Parade Newsagent')).toBe(true);
  expect(
    nameLine.endsWith('…') ? point.name.startsWith(nameLine.slice(0, -1)) : nameLine === point.name,
  ).toBe(true);
  expect(errors).toEqual([]);
});
