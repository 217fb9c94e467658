import { readFile } from 'node:fs/promises';
// The PDF reader the API's document tests use, so the label is read the way they read it.
import { inspectPdf } from '@consign/api/testing/pdf-inspect';
import { serverCollectionDay, serverNextWorkingDay } from './dates';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';

/**
 * A new customer's journey as issue 11 describes it: Book Now while signed out, sign in, land
 * on the booking of the option chosen, book for a collection three working days out, and see
 * the same delivery date on the form, the review, the confirmation, the drawer and the label.
 */

const CUSTOMER = { email: 'customer@consign.example', password: 'consign-demo-1' };
const RESULT = '/result?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';
const SERVICE = 'DPD Next Day'; // seeded: 1 working day in transit

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
/** The portal's long form: 'Tue, 12 May 2026'. */
const portalDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(utc(date));
/** The label's form: '12 May 2026'. */
const labelDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(utc(date));

test('Book Now signed out leads to that booking; a later collection date moves delivery everywhere', async ({
  page,
}) => {
  // Three working days out, counted from the first day a parcel could be collected (the server's
  // clock and calendar, bank holidays included).
  let collection = await serverCollectionDay(page.request);
  for (let day = 0; day < 3; day += 1) collection = await serverNextWorkingDay(page.request, collection);
  const delivery = await serverNextWorkingDay(page.request, collection);

  await page.goto(RESULT);
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  const card = page.getByTestId('quote-card').filter({ hasText: SERVICE });
  await card.getByRole('button', { name: 'Book Now' }).click();
  const dialog = await expectOpened(page.getByRole('dialog', { name: 'Log In' }));
  await dialog.getByLabel('Email').fill(CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await dialog.getByRole('button', { name: 'Submit' }).click();

  // Straight on to the booking of the option chosen, not back to the results.
  await expect(page).toHaveURL(/\/booking\?quote=.+&option=.+/);
  const summary = page.getByRole('complementary');
  await expect(summary.getByRole('heading', { name: SERVICE })).toBeVisible();

  const form = page.getByRole('form', { name: 'Book your delivery' });
  const address = async (name: string, values: string[]) => {
    const group = form.getByRole('group', { name });
    const labels = ['Full name', 'Email', 'Contact number', 'Postcode', 'Street', 'Town', 'County'];
    for (const [index, label] of labels.entries()) {
      await group.getByLabel(label, { exact: true }).fill(values[index]!);
    }
  };
  await address('Collection address', [
    'Casey Customer',
    CUSTOMER.email,
    '020 7946 0000',
    'SW1A 1AA',
    '10 Downing Street',
    'London',
    'Greater London',
  ]);
  await address('Delivery address', [
    'Morag Mackay',
    'morag@example.com',
    '0131 496 0000',
    'EH1 1YZ',
    '1 Royal Mile',
    'Edinburgh',
    'Midlothian',
  ]);

  await form.getByLabel('Collection date').fill(collection);
  // The summary re-dates delivery from the collection date chosen.
  await expect(
    summary.getByText(`${portalDate(delivery)} if collected ${portalDate(collection)}`),
  ).toBeVisible();
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('20.00');
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm Order' })).toBeVisible();
  await expect(page.getByText(portalDate(delivery)).first()).toBeVisible();
  // A reload (even in a tab without the draft) shows the same order from the server.
  await expect(page).toHaveURL(/\/reviewOrder\?order=.+/);
  await page.evaluate(() => window.sessionStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Confirm Order' })).toBeVisible();
  await expect(page.getByText(portalDate(delivery)).first()).toBeVisible();
  await expect(page.getByText('Morag Mackay')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await page.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();
  await page.getByRole('button', { name: /Approve test payment/ }).click();

  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const confirmed = page.getByRole('main');
  await expect(confirmed.getByText(portalDate(delivery)).first()).toBeVisible();
  const number = (await page.locator('.confirmation__number strong').textContent())?.trim() ?? '';

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: number });
  await row.getByRole('button', { name: `View details of order ${number}` }).click();
  const drawer = await expectOpened(page.getByRole('dialog', { name: `Order ${number}` }));
  // The drawer's delivery line, and its tracking summary's expectation, both move with the date.
  await expect(drawer.getByText(portalDate(delivery), { exact: true })).toBeVisible();
  await expect(drawer.getByText(`Expected ${portalDate(delivery)}`)).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download label' }).click();
  const bytes = await readFile(await (await downloadPromise).path());
  const { pages } = await inspectPdf(bytes);
  expect(pages[0]?.runs).toContain('EST. DELIVERY');
  expect(pages[0]?.runs).toContain(labelDate(delivery));
  expect(pages[0]?.runs).toContain(labelDate(collection));
});
