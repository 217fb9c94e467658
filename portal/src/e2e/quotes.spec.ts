import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import { activeCourier, apiCall, guard, unique } from './support';

/**
 * The public quote pages against the real API and its seeded demo services (UPS Standard,
 * DPD Next Day, UPS Promotion for UK–UK; UPS Worldwide Saver abroad; City Sprint same day).
 */

function pounds(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ''));
}

async function fillParcel(page: Page, length: string, width: string, height: string, weight: string) {
  const form = page.getByRole('form', { name: 'Get a quote' });
  await form.getByLabel('Length (cm)').fill(length);
  await form.getByLabel('Width (cm)').fill(width);
  await form.getByLabel('Height (cm)').fill(height);
  await form.getByLabel('Weight (kg)').fill(weight);
}

test('signed out: a UK–UK quote sorted by price, the label popup ("Printer required"), and Book Now asks to log in', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get a quote' });
  await expect(form.getByRole('tab', { name: 'UK–UK' })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByLabel('Collect From')).toHaveValue('England');
  await form.getByLabel('Deliver to').selectOption('Scotland');
  await fillParcel(page, '30', '20', '15', '2');
  await form.getByRole('button', { name: 'Get Quote' }).click();

  await expect(page).toHaveURL(
    /\/result\?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2$/,
  );
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  const prices = (await page.getByTestId('quote-price').allTextContents()).map(pounds);
  expect(prices.length).toBeGreaterThanOrEqual(2);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await expect(page.getByLabel('Sort by')).toHaveValue('price');

  const first = page.getByTestId('quote-card').first();
  await expect(first.getByText('Cheapest')).toBeVisible();
  await expect(first.getByText(/incl\. £\d+\.\d{2} VAT/)).toBeVisible();
  await first.getByRole('button', { name: 'Printer required' }).click();
  const popup = await expectOpened(page.getByRole('dialog', { name: 'Printer required' }));
  await expect(popup).toContainText('Print the label and any documents');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(first.getByRole('button', { name: 'Printer required' })).toBeFocused();

  // Sorting by delivery date puts the next-day service first.
  await page.getByLabel('Sort by').selectOption('delivery');
  await expect(page.getByTestId('quote-card').first().getByText('Fastest')).toBeVisible();
  await page.getByLabel('Sort by').selectOption('price');

  await page.getByTestId('quote-card').first().getByRole('button', { name: 'Book Now' }).click();
  await expectOpened(page.getByRole('dialog', { name: 'Log In' }));
  await expect(page).toHaveURL(/\/result\?/);
});

test('an incomplete form is not sent, and a parcel nothing can carry shows the problem screen', async ({
  page,
}) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get a quote' });
  await form.getByLabel('Length (cm)').fill('30');
  await form.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page.getByText('Please fill in every field.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await fillParcel(page, '400', '400', '400', '20');
  await form.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Try different dimensions' })).toBeVisible();
  await expect(page.getByText('No courier on Consign can carry this parcel on this route.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a job instead' })).toHaveAttribute(
    'href',
    '/post-job?type=Domestic&from=England&to=England&length=400&width=400&height=400&weight=20',
  );
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('international and same-day quotes, and a landing article with the form', async ({ page }) => {
  await page.goto('/result');
  await expect(page.getByText('Kindly complete the form above to dispatch your parcel.')).toBeVisible();

  await page.goto('/international-courier');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('International courier');
  const form = page.getByRole('form', { name: 'Get a quote' });
  await form.getByRole('tab', { name: 'International' }).click();
  await expect(form.getByLabel('Deliver to')).toHaveValue('AL');
  await form.getByLabel('Deliver to').selectOption({ label: 'France' });
  await fillParcel(page, '30', '20', '15', '1');
  await form.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL(/type=International&from=GB&to=FR/);
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  await expect(page.getByText('No VAT (export)').first()).toBeVisible();

  const change = page.getByRole('form', { name: 'Change your parcel' });
  await change.getByRole('tab', { name: 'Same Day' }).click();
  await change.getByLabel('Collection postcode').fill('SW1A 1AA');
  await change.getByLabel('Delivery postcode').fill('EC1A 1BB');
  await change.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL(/type=Same\+Day&fromPostcode=SW1A\+1AA&toPostcode=EC1A\+1BB/);
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  await expect(page.getByText('Same Day Delivery').first()).toBeVisible();

  await page.goto('/no-such-article');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
});

test('a long result: every card is revealed, cheapest first, and sorting moves them all', async ({
  page,
  request,
}) => {
  // Ten services of one new courier on a route of their own (Wales to Northern Ireland), priced
  // so that the cheapest is the slowest: sorting by delivery date reverses their order.
  const prefix = `E2E Many ${unique()}`;
  const service = (i: number) => ({
    name: `${prefix} ${String(i).padStart(2, '0')}`,
    serviceType: 'domestic',
    fromLocation: 'Wales',
    toLocation: 'Northern Ireland',
    weightTiers: [{ maxKg: 30, price: 500 + i * 25 }],
    transitDays: 12 - i,
  });
  const courier = await activeCourier(request, { shopName: `${prefix} Couriers`, service: service(1) });
  for (let i = 2; i <= 10; i++) await apiCall(request, 'post', '/api/v1/couriers', courier.token, service(i));
  const cheapestFirst = Array.from({ length: 10 }, (_, i) => service(i + 1).name);

  const watch = guard(page);
  const search = new URLSearchParams({
    type: 'Domestic',
    from: 'Wales',
    to: 'Northern Ireland',
    length: '30',
    width: '20',
    height: '15',
    weight: '2',
  });
  await page.goto(`/result?${search}`);
  const summary = page.locator('.results__summary');
  await expect(summary).toHaveText(/^\d+ options for 1 parcel, Wales to Northern Ireland\./);
  const total = Number((await summary.textContent())?.match(/^(\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(10);
  // The first screenful comes with the result, the rest in steps: wait for all of them.
  const cards = page.getByTestId('quote-card');
  await expect(cards).toHaveCount(total);
  const names = async () =>
    (await cards.getByRole('heading', { level: 3 }).allTextContents()).filter((n) => n.startsWith(prefix));
  await expect.poll(names).toEqual(cheapestFirst);
  const prices = (await page.getByTestId('quote-price').allTextContents()).map(pounds);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByLabel('Sort by').selectOption('delivery');
  await expect(cards).toHaveCount(total);
  await expect.poll(names).toEqual([...cheapestFirst].reverse());
  await watch.expectClean();
});
