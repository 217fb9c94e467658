import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { serverBookableDay, serverCollectionDay } from './dates';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import { edinburghRecipient, fillAddress, londonSender } from './support';

/**
 * The booking journey against the real API serving the built portal, with the built-in TEST
 * MODE payment provider: quote, book, review, pay, confirmation, dashboard, label download; and
 * the customs step of an international booking with its validation messages.
 */

const CUSTOMER = { email: 'customer@consign.example', password: 'consign-demo-1' };
const DOMESTIC_RESULT =
  '/result?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';
const INTERNATIONAL_RESULT = '/result?type=International&from=GB&to=FR&length=30&width=20&height=15&weight=2';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function signInWith(scope: Locator | Page) {
  await scope.getByLabel('Email').fill(CUSTOMER.email);
  await scope.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await scope.getByRole('button', { name: 'Submit' }).click();
}

async function signIn(page: Page) {
  await page.goto('/signin');
  await signInWith(page.getByRole('form', { name: 'Log in' }));
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Opens the results page and presses Book Now on the first (cheapest: sorted by price) option. */
async function bookCheapest(page: Page, resultUrl: string) {
  await page.goto(resultUrl);
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  await page.getByTestId('quote-card').first().getByRole('button', { name: 'Book Now' }).click();
}

/** Parses the PDF with pdf-lib (the API's dev dependency) when it can be resolved from here. */
async function pageCountWithPdfLib(bytes: Buffer): Promise<number | null> {
  try {
    const require = createRequire(new URL('../../../api/package.json', import.meta.url));
    const { PDFDocument } = require('pdf-lib') as {
      PDFDocument: { load(bytes: Uint8Array): Promise<{ getPageCount(): number }> };
    };
    const pdf = await PDFDocument.load(bytes);
    return pdf.getPageCount();
  } catch (error) {
    if (error instanceof Error && /Cannot find module/.test(error.message)) return null;
    throw error;
  }
}

/** The first Saturday after a YYYY-MM-DD date (calendar arithmetic on UTC midnights: no time zone). */
function saturdayAfter(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7 || 7));
  return day.toISOString().slice(0, 10);
}

test('a customer books a domestic parcel, pays in TEST MODE and downloads the label', async ({ page }) => {
  await signIn(page);
  await bookCheapest(page, DOMESTIC_RESULT);

  await expect(page).toHaveURL(/\/booking\?quote=.+&option=.+/);
  await expect(page.getByRole('heading', { name: 'Book your Delivery' })).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();

  const form = page.getByRole('form', { name: 'Book your delivery' });
  const collection = form.getByRole('group', { name: 'Collection address' });
  const delivery = form.getByRole('group', { name: 'Delivery address' });
  // Countries come from the quote's route, read-only.
  await expect(collection.getByLabel('Country')).toHaveValue('United Kingdom');
  await expect(collection.getByLabel('Country')).toHaveAttribute('readonly', '');

  await fillAddress(collection, { ...londonSender(CUSTOMER.email), postcode: 'sw1a1aa' });
  await fillAddress(delivery, edinburghRecipient('Morag Mackay', 'morag@example.com'));
  // The UK postcode is put into its usual form when the field is left.
  await expect(collection.getByLabel('Postcode')).toHaveValue('SW1A 1AA');

  // The collection rule is stated at the date, which starts at the server's first collection day;
  // a Saturday is named at the field before anything is sent.
  const date = form.getByLabel('Collection date');
  await expect(
    form.getByText(
      'Collections Monday to Friday, not on bank holidays; book by 14:00 UK time for collection the same day',
    ),
  ).toBeVisible();
  const firstDay = await serverCollectionDay(page.request);
  await expect(date).toHaveAttribute('min', firstDay);
  const saturday = saturdayAfter(firstDay);
  await date.fill(saturday);
  await date.blur();
  await expect(
    form.getByText(
      /^Collections are Monday to Friday: Sat, .+ is a Saturday; the next collection day is Mon, /,
    ),
  ).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await date.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`collection-date-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await date.fill(await serverBookableDay(page.request));
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByLabel('Courier notes (optional)').fill('Ring the bell twice');
  await form.getByRole('radio', { name: /Cover up to £50\.00/ }).check();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();

  await expect(page.getByText('Form validated successfully! Please complete your payment.')).toBeVisible();
  await expect(page).toHaveURL(/\/reviewOrder(\?order=.+)?$/);
  await expect(page.getByRole('heading', { name: 'Confirm Order' })).toBeVisible();
  // The server's price: the option's price and VAT plus the £0.88 fee of the £50 cover tier.
  const prices = page.getByRole('definition').filter({ hasText: '£0.88' });
  await expect(prices.first()).toBeVisible();
  await expect(page.getByText('Extended cover (up to £50.00)')).toBeVisible();
  await expect(page.getByText('10 Downing Street')).toBeVisible();

  // Edit keeps the draft; reviewing the unchanged booking again replays the same order.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Package content')).toHaveValue('Books');
  await form.getByRole('button', { name: 'Review order' }).click();
  await expect(page).toHaveURL(/\/reviewOrder(\?order=.+)?$/);

  const pay = page.getByRole('button', { name: 'Confirm and pay' });
  await expect(pay).toBeEnabled();
  await pay.click();

  await expect(page).toHaveURL(/\/payment\?order=/);
  await expect(page.getByRole('heading', { name: 'Confirm your Payment' })).toBeVisible();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByText('TEST MODE: no real money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with the TEST MODE provider' }).click();

  // The test provider's own approval page (served by the API), then back to the portal.
  await expect(page.getByText('TEST MODE — no real money moves')).toBeVisible();
  await page.getByRole('button', { name: /Approve test payment/ }).click();

  await expect(page.getByText('Payment completed successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const number = (await page.locator('.confirmation__number strong').textContent())?.trim() ?? '';
  expect(number).toMatch(/^#[0-9a-z-]{8}$/i);
  await expect(page.getByRole('heading', { name: 'Sender Address' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What Happens Next' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Redirect to the dashboard' })).toBeVisible();

  // The 5-second countdown ends on the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();

  await row.getByRole('button', { name: `View details of order ${number}` }).click();
  const drawer = await expectOpened(page.getByRole('dialog', { name: `Order ${number}` }));
  await expect(drawer.getByRole('heading', { name: 'Tracking' })).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Tracking timeline' }).getByText('Pending')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download label' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  const pages = await pageCountWithPdfLib(bytes);
  if (pages !== null) expect(pages).toBeGreaterThanOrEqual(1);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('an international booking asks for customs details and a breakdown of contents', async ({ page }) => {
  // Signed out, Book Now asks to sign in first and then carries on to the booking.
  await page.goto(INTERNATIONAL_RESULT);
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  await page.getByTestId('quote-card').first().getByRole('button', { name: 'Book Now' }).click();
  const dialog = await expectOpened(page.getByRole('dialog', { name: 'Log In' }));
  await signInWith(dialog);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/booking\?quote=.+&option=.+/);

  await expect(page.getByRole('heading', { name: 'Book your Delivery' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book your delivery' });
  await expect(form.getByRole('group', { name: 'Delivery address' }).getByLabel('Country')).toHaveValue(
    'France',
  );
  await expect(form.getByRole('group', { name: 'Customs details' })).toBeVisible();
  const breakdown = form.getByRole('group', { name: 'Breakdown of contents' });
  await expect(breakdown).toBeVisible();

  // Submitting with no items and no customs details shows the messages.
  await breakdown.getByRole('button', { name: 'Remove item 1' }).click();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\?/);
  await expect(form.getByText('Choose a document type')).toBeVisible();
  await expect(form.getByText('Choose a reason for export')).toBeVisible();
  await expect(form.getByText('Add at least one item to the breakdown of contents')).toBeVisible();
  // "No extended cover" is chosen by default, so cover is never a missing field.
  await expect(form.getByRole('radio', { name: /No extended cover/ })).toBeChecked();

  // A row: the description rule, the HS code finder, and the subtotal in pence-exact pounds.
  await breakdown.getByRole('button', { name: 'Add item' }).click();
  const item = breakdown.getByRole('group', { name: 'Item 1' });
  await item.getByLabel('Description').fill('Shoes!');
  await item.getByLabel('Quantity').fill('3');
  await item.getByLabel('Unit value (£)').fill('19.99');
  await expect(
    item.getByText("Description may contain letters, numbers, spaces and , . - / % & ' ( ) + only"),
  ).toBeVisible();
  await expect(breakdown.getByLabel('Breakdown total')).toHaveText('£59.97');

  await item.getByRole('button', { name: 'Find HS code for item 1' }).click();
  const finder = await expectOpened(page.getByRole('dialog', { name: 'Find HS code' }));
  await finder.getByRole('button', { name: 'Clothes, shoes and accessories' }).click();
  await finder.getByRole('button', { name: 'Use 64059090 Shoes' }).click();
  await expect(finder).toBeHidden();
  await expect(item.getByLabel('HS code', { exact: true })).toHaveValue('64059090');

  // Fixing the fields clears their messages; company senders need a company name.
  await item.getByLabel('Description').fill('Leather shoes');
  await expect(
    item.getByText("Description may contain letters, numbers, spaces and , . - / % & ' ( ) + only"),
  ).toBeHidden();
  const customs = form.getByRole('group', { name: 'Customs details' });
  await customs.getByLabel('Sender type').selectOption('company');
  await form.getByRole('button', { name: 'Review order' }).click();
  await expect(customs.getByText('Sender company name is required')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\?/);
});
