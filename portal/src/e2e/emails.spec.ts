import { expect, test } from './fixtures';
import { paidOrder, verifiedAccount } from './support';

/**
 * An email as a phone's mail app shows it: the booking confirmation (a table of rows, a link, a
 * button, a long tracking address) rendered by Chromium at 390 and 320 px scrolls only downwards,
 * and the tracking page in its rows is a link, not text to copy.
 */
test('a booking confirmation fits a phone and its tracking page is a link', async ({ page, request }) => {
  const customer = await verifiedAccount(request, 'customer');
  await paidOrder(request, customer.token);

  let html = '';
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
    const { items } = (await response.json()) as { items: { subject: string; html: string }[] };
    html = items.find((m) => m.subject.startsWith('Booking confirmed'))?.html ?? '';
    expect(html).not.toBe('');
  }).toPass({ timeout: 30_000 });

  await page.setContent(html);
  // Layout tables are role="presentation": the row is found by its header cell's text.
  const link = page
    .locator('th', { hasText: 'Tracking page' })
    .locator('xpath=following-sibling::td')
    .getByRole('link');
  await expect(link).toHaveAttribute('href', /^https?:\/\/[^/]+\/track\/\S+$/);
  expect(await link.textContent()).toBe(await link.getAttribute('href'));
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`booking-confirmed-${width}.png`), fullPage: true });
  }
});
