import { readFile } from 'node:fs/promises';
import { checkAccessibility } from './a11y';
import { expect, test } from './fixtures';
import { activeCourier, apiCall, guard, paidOrder, unique, verifiedAccount } from './support';

/**
 * The shopper's signed link to an order (issue 51, item 16; docs/widget.md, "After the booking"):
 * opened in a browser with no session, it shows the order's confirmation, towns only, and its
 * label; a link that was cut short or changed gets a page that says so, not a crash or a redirect.
 * The link's way from a widget booking to this page is walked in widget-checkout.spec.ts.
 */
test('a signed order link opens the confirmation and the label with no account, and a broken one says so', async ({
  browser,
  request,
}) => {
  const courier = await activeCourier(request, {
    shopName: `Link Couriers ${unique()}`,
    service: { name: 'Linked Next Day', serviceType: 'domestic', fromLocation: 'Any', toLocation: 'Any' },
  });
  const customer = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, customer.token, { serviceId: courier.serviceId as string });
  const token = (await apiCall(request, 'post', `/api/v1/orders/${order.id}/view-link`, customer.token))
    .token as string;

  // A browser with nothing of the customer's: no cookie, no session.
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const watch = guard(page);
  await page.goto(`/order-view?token=${encodeURIComponent(token)}`);
  await expect(
    page.getByRole('heading', { name: `Order ${order.reference} is booked`, level: 1 }),
  ).toBeVisible();
  const facts = page.locator('dl.meta-list');
  const fact = (term: string) => facts.locator(`dt:text-is("${term}") + dd`);
  await expect(fact('Courier')).toHaveText(`Linked Next Day by ${courier.shopName}`);
  await expect(fact('From')).toHaveText('London');
  await expect(fact('To')).toHaveText('Edinburgh');
  await expect(fact('Total paid')).toHaveText(/^£\d+\.\d\d$/);
  await expect(fact('Collection date')).toHaveText(/^\w{3}, \d{1,2} \w{3} \d{4}$/);
  // No sign-in was asked for and no countdown took the shopper away.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/order-view\?token=/);
  // Names and streets stay on the label, not on a page a forwarded link opens.
  await expect(page.getByText('Robin Recipient')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the label (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`consign-label-${order.id.slice(-8)}.pdf`);
  expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await checkAccessibility(page, 'order-view', () =>
    expect(page.getByRole('link', { name: 'Download the label (PDF)' })).toBeVisible(),
  );
  await page.screenshot({ path: test.info().outputPath('order-view-390.png'), fullPage: true });
  await watch.expectClean();

  // The same link with its signature changed: a clear page, and nothing of the order.
  const [payload, signature] = token.split('.') as [string, string];
  const forged = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
  await page.goto(`/order-view?token=${encodeURIComponent(forged)}`);
  const problem = page.getByRole('alert');
  await expect(problem.getByRole('heading', { name: 'This order link is not valid' })).toBeVisible();
  await expect(page.getByText(order.reference)).toHaveCount(0);
  await expect(problem.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await checkAccessibility(page, 'order-view-invalid', () => expect(problem).toBeVisible());
  // The browser logs the API's 404 (the refusal just shown) as a console error: nothing else.
  watch.reset();
  await page.goto('/order-view');
  await expect(page.getByRole('heading', { name: 'This order link is not valid' })).toBeVisible();
  await watch.expectClean();
  await context.close();
});
