/**
 * The address book in the browser (docs/batches.md, "Address book"): a customer adds, edits,
 * searches, deletes and imports addresses at a desktop's and a phone's width, then books a
 * parcel from the default sender to a saved recipient, saving a new address on the way.
 */
import type { Page } from '@playwright/test';
import { axe } from './a11y';
import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import {
  apiCall,
  edinburghRecipient,
  fillAddress,
  guard,
  payInTestMode,
  signedInPage,
  verifiedAccount,
} from './support';

const sender = {
  name: 'Sam Sender',
  email: 'sam@example.com',
  phone: '020 7946 0000',
  line1: '1 High Street',
  town: 'London',
  county: 'Greater London',
  postcode: 'SW1A 1AA',
  country: 'GB',
};
const mum = {
  name: 'Pat Reader',
  email: 'pat@example.com',
  phone: '0131 496 0000',
  line1: '5 Royal Mile',
  town: 'Edinburgh',
  county: 'Midlothian',
  postcode: 'EH1 1YZ',
  country: 'GB',
};

const HEADER = 'label,name,email,phone,line1,line2,town,county,postcode,country,default_sender';
const BAD_CSV = [
  HEADER,
  'Shop,Sam Sender,sam@example.com,020 7946 0000,1 High Street,,London,Greater London,SW1A 1AA,GB,yes',
  'Gran,Jo Gran,jo@example.com,0161 496 0000,2 Deansgate,,Manchester,Greater Manchester,NOT A POSTCODE,GB,no',
].join('\n');
const GOOD_CSV = [
  HEADER,
  'Shop,Sam Sender,sam@example.com,020 7946 0000,1 High Street,,London,Greater London,SW1A 1AA,GB,yes',
  'Gran,Jo Gran,jo@example.com,0161 496 0000,2 Deansgate,,Manchester,Greater Manchester,M3 2BW,GB,no',
].join('\n');

const list = (page: Page) => page.getByRole('list', { name: 'Saved addresses' });
const item = (page: Page, label: string) =>
  list(page).getByRole('listitem', { name: new RegExp(`^${label}`) });

for (const width of [1280, 390]) {
  test(`a customer keeps an address book: add, edit, search, delete, import (${width} px)`, async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const account = await verifiedAccount(request, 'customer', 'Book Keeper');
    const page = await signedInPage(browser, account);
    await page.setViewportSize({ width, height: 900 });
    const checks = guard(page);

    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Address book' })
      .click();
    await expect(page).toHaveURL(/\/address-book$/);
    await expect(page.getByRole('heading', { name: 'Address book', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No saved addresses yet' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`address-book-empty-${width}.png`), fullPage: true });

    // Add: the booking form's checks first, then the saved entry, the default sender.
    await page.getByRole('button', { name: 'Add an address' }).click();
    const add = await expectOpened(page.getByRole('dialog', { name: 'Add an address' }));
    await expect(add.getByLabel('Label')).toBeFocused();
    await add.getByRole('button', { name: 'Save address' }).click();
    await expect(add.getByText('Label is required')).toBeVisible();
    await expect(add.getByText('County is required')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`address-book-dialog-${width}.png`) });
    await axe(page, 'the address dialog with its errors', `${width} px`);
    await add.getByLabel('Label').fill('Warehouse');
    await add.getByLabel('Full name').fill(sender.name);
    await add.getByLabel('Email').fill(sender.email);
    await add.getByLabel('Contact number').fill(sender.phone);
    await add.getByLabel('Street').fill(sender.line1);
    await add.getByLabel('Town').fill(sender.town);
    await add.getByLabel('County').fill(sender.county);
    await add.getByLabel('Postcode').fill('sw1a1aa');
    await add.getByRole('checkbox', { name: /Default sender/ }).check();
    await add.getByRole('button', { name: 'Save address' }).click();
    await expect(add).toBeHidden();
    await expect(page.getByText('“Warehouse” added to your address book')).toBeVisible();
    await expect(item(page, 'Warehouse')).toContainText('Default sender');
    await expect(item(page, 'Warehouse')).toContainText('1 High Street, London SW1A 1AA');

    // A second one, by keyboard from the button: Enter opens, the label takes the focus.
    await page.getByRole('button', { name: 'Add an address' }).focus();
    await page.keyboard.press('Enter');
    const second = await expectOpened(page.getByRole('dialog', { name: 'Add an address' }));
    await page.keyboard.type('mum');
    await second.getByLabel('Full name').fill(mum.name);
    await second.getByLabel('Email').fill(mum.email);
    await second.getByLabel('Contact number').fill(mum.phone);
    await second.getByLabel('Street').fill(mum.line1);
    await second.getByLabel('Town').fill(mum.town);
    await second.getByLabel('County').fill(mum.county);
    await second.getByLabel('Postcode').fill(mum.postcode);
    await second.getByRole('button', { name: 'Save address' }).click();
    await expect(second).toBeHidden();
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    // The default sender comes first whatever the labels.
    await expect(list(page).getByRole('listitem').first()).toContainText('Warehouse');

    // Edit: the label changes, and a label already used is refused at the field.
    await item(page, 'mum').getByRole('button', { name: 'Edit mum' }).click();
    const edit = await expectOpened(page.getByRole('dialog', { name: 'Edit “mum”' }));
    await expect(edit.getByLabel('Town')).toHaveValue('Edinburgh');
    await checks.expectClean('before a refused label');
    await edit.getByLabel('Label').fill('WAREHOUSE');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit.getByText('You already have an address labelled “WAREHOUSE”')).toBeVisible();
    // The browser itself logs each refused request (422) to the console: expected here.
    checks.reset();
    await edit.getByLabel('Label').fill('Mum');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('“Mum” saved')).toBeVisible();
    await expect(item(page, 'Mum')).toBeVisible();

    // Import: a bad line names its line and column and saves nothing; the fixed file imports.
    const importForm = page.getByRole('form', { name: 'Import addresses' });
    await importForm.getByLabel('CSV file').setInputFiles({
      name: 'book.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(BAD_CSV),
    });
    await checks.expectClean('before a refused file');
    await importForm.getByRole('button', { name: 'Import addresses' }).click();
    const problems = importForm.getByRole('alert');
    await expect(problems).toContainText('nothing was imported');
    await expect(problems.getByRole('listitem')).toHaveText([
      'Line 3, postcode: Enter a valid UK postcode, such as SW1A 1AA',
    ]);
    checks.reset();
    await page.screenshot({
      path: testInfo.outputPath(`address-book-import-problems-${width}.png`),
      fullPage: true,
    });
    await importForm.getByLabel('CSV file').setInputFiles({
      name: 'book.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(GOOD_CSV),
    });
    await importForm.getByRole('button', { name: 'Import addresses' }).click();
    await expect(page.getByText('Imported: 2 added, 0 replaced')).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(4);
    // The file's default sender ("Shop") took over from Warehouse.
    await expect(list(page).getByRole('listitem').first()).toContainText('Shop');
    await expect(item(page, 'Warehouse')).not.toContainText('Default sender');

    // Make Warehouse the default sender again.
    await item(page, 'Warehouse').getByRole('button', { name: 'Make default sender (Warehouse)' }).click();
    await expect(page.getByText('“Warehouse” is now your default sender')).toBeVisible();
    await expect(list(page).getByRole('listitem').first()).toContainText('Warehouse');

    // Search: by town; then nothing found.
    const search = page.getByLabel('Search');
    await search.fill('manchester');
    await expect(list(page).getByRole('listitem')).toHaveCount(1);
    await expect(item(page, 'Gran')).toContainText('2 Deansgate');
    await search.fill('nowhere at all');
    await expect(page.getByText('No saved address matches “nowhere at all”.')).toBeVisible();
    await search.fill('');
    await expect(list(page).getByRole('listitem')).toHaveCount(4);

    // Delete, after a confirmation that starts on Cancel.
    await item(page, 'Gran').getByRole('button', { name: 'Delete Gran' }).click();
    const confirm = await expectOpened(page.getByRole('dialog', { name: 'Delete “Gran”?' }));
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('“Gran” deleted')).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(3);

    // Saved parcel sizes, below.
    const sizes = page.getByRole('form', { name: 'Add a parcel size' });
    await sizes.getByRole('button', { name: 'Save parcel size' }).click();
    await expect(sizes.getByText('Label is required')).toBeVisible();
    await sizes.getByLabel('Label').fill('Shoebox');
    await sizes.getByLabel('Length (cm)').fill('35');
    await sizes.getByLabel('Width (cm)').fill('25');
    await sizes.getByLabel('Height (cm)').fill('15');
    await sizes.getByLabel('Weight (kg)').fill('1.5');
    await sizes.getByRole('button', { name: 'Save parcel size' }).click();
    await expect(page.getByRole('list', { name: 'Saved parcel sizes' })).toContainText(
      'Shoebox 35 × 25 × 15 cm, 1.5 kg',
    );

    await checks.expectClean('the address book');
    await axe(page, 'the address book', `${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`address-book-${width}.png`), fullPage: true });
    await page.screenshot({ path: testInfo.outputPath(`address-book-${width}-top.png`) });
    await page.context().close();
  });
}

test('a booking starts from the default sender, picks a saved recipient and saves a new address', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const account = await verifiedAccount(request, 'customer', 'Booking Keeper');
  await apiCall(request, 'post', '/api/v1/address-book', account.token, {
    label: 'Warehouse',
    address: sender,
    defaultSender: true,
  });
  await apiCall(request, 'post', '/api/v1/address-book', account.token, { label: 'Mum', address: mum });
  const page = await signedInPage(browser, account);
  const checks = guard(page);

  await page.goto('/result?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2.5');
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  await page.getByTestId('quote-card').first().getByRole('button', { name: 'Book Now' }).click();
  const form = page.getByRole('form', { name: 'Book your delivery' });
  const collection = form.getByRole('group', { name: 'Collection address' });
  const delivery = form.getByRole('group', { name: 'Delivery address' });

  // The collection starts from the default sender.
  await expect(collection.getByLabel('Full name', { exact: true })).toHaveValue(sender.name);
  await expect(collection.getByLabel('Postcode', { exact: true })).toHaveValue('SW1A 1AA');
  await expect(collection.getByText(/Filled from your address book: Warehouse/)).toBeVisible();
  await expect(collection.getByRole('checkbox', { name: 'Save to my address book' })).toHaveCount(0);

  // A new recipient, saved to the book under a label as the form is sent.
  await fillAddress(delivery, edinburghRecipient('Morag Mackay', 'morag@example.com'));
  await delivery.getByRole('checkbox', { name: 'Save to my address book' }).check();
  await form.getByLabel('Collection date').fill(await serverBookableDay(page.request));
  await form.getByLabel('Package content').fill('Books');
  await form.getByLabel('Content value (£)').fill('45.00');
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Review order' }).click();
  await expect(
    delivery.getByText('Give this address a label to save it, such as Warehouse or Mum'),
  ).toBeVisible();
  await delivery.getByLabel('Label for this address').fill('Aunt Morag');
  await page.setViewportSize({ width: 390, height: 900 });
  await delivery.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('booking-save-to-book-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByText('“Aunt Morag” saved to your address book')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confirm Order' })).toBeVisible();

  // Back to the form: the recipient is changed for Mum, chosen from the book.
  await page.getByRole('button', { name: 'Edit' }).click();
  const picker = delivery.getByLabel('Choose a saved address');
  // The book's entries come first, the default sender marked.
  await expect(picker.locator('option').nth(1)).toHaveText(/^Warehouse \(default sender\): Sam Sender/);
  await expect(picker.locator('option').nth(2)).toHaveText(/^Aunt Morag: Morag Mackay/);
  await expect(picker.locator('option').nth(3)).toHaveText(/^Mum: Pat Reader/);
  await picker.selectOption({ label: 'Mum: Pat Reader, 5 Royal Mile, Edinburgh EH1 1YZ' });
  await expect(delivery.getByLabel('Full name', { exact: true })).toHaveValue('Pat Reader');
  await expect(delivery.getByLabel('Street', { exact: true })).toHaveValue('5 Royal Mile');
  await expect(delivery.getByRole('checkbox', { name: 'Save to my address book' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 900 });
  await delivery.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('booking-saved-recipient-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Review order' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm Order' })).toBeVisible();
  await expect(page.getByText('5 Royal Mile')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await payInTestMode(page);
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByText('Pat Reader').first()).toBeVisible();

  // Saved once, not twice.
  const book = await apiCall(request, 'get', '/api/v1/address-book', account.token);
  expect((book.items as { label: string }[]).map((e) => e.label)).toEqual(['Warehouse', 'Aunt Morag', 'Mum']);
  await checks.expectClean('the booking');
  await page.context().close();
});
