/**
 * Batches in the browser (docs/batches.md): a customer uploads a 20-row CSV with two bad rows,
 * fixes one and drops the other in the preview; the list and the preview are looked at on a
 * desktop and a phone.
 */
import { serverCollectionDay, serverNextWorkingDay } from './dates';
import { expect, test } from './fixtures';
import { guard, signedInPage, verifiedAccount } from './support';

const COLUMNS = [
  'reference',
  'sender_name',
  'sender_email',
  'sender_phone',
  'sender_line1',
  'sender_town',
  'sender_county',
  'sender_postcode',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'recipient_line1',
  'recipient_town',
  'recipient_county',
  'recipient_postcode',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'contents',
  'value',
  'collection_date',
];

function csv(date: string): string {
  const rows = Array.from({ length: 20 }, (_, i) => {
    const n = i + 1;
    return [
      `SHOP-${100 + n}`,
      'Sam Sender',
      'sam@example.com',
      '020 7946 0000',
      '1 High Street',
      'London',
      'Greater London',
      'SW1A 1AA',
      `Robin Reader ${n}`,
      `robin${n}@example.com`,
      '0131 496 0000',
      `${n} Royal Mile`,
      'Edinburgh',
      'Midlothian',
      // Row 5's postcode is not a postcode; row 12's weight is not a number.
      n === 5 ? 'ZZ1 1ZZ' : 'EH1 1AA',
      n === 12 ? 'heavy' : (1 + (n % 5) * 0.5).toFixed(1),
      '30',
      '20',
      '15',
      'Books',
      '25.00',
      date,
    ].join(',');
  });
  return [COLUMNS.join(','), ...rows].join('\n');
}

test('a customer uploads a batch, fixes one row and drops another', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const date = await serverNextWorkingDay(request, await serverCollectionDay(request));
  const account = await verifiedAccount(request, 'customer', 'Batch Shop');
  const page = await signedInPage(browser, account);
  const checks = guard(page);

  await page.goto('/batches');
  await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible();
  await expect(page.getByText('No batches yet: upload a file above.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Upload a batch' });
  await form.getByLabel('CSV file').setInputFiles({
    name: 'monday.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(date)),
  });
  await form.getByLabel('Name (optional)').fill('Monday dispatch');
  await form.getByRole('button', { name: 'Upload and check' }).click();

  await expect(page.getByRole('heading', { name: 'Monday dispatch', level: 1 })).toBeVisible();
  const count = (term: string) => page.locator(`.batches-counts dt:text-is("${term}") + dd`);
  await expect(count('Ready')).toHaveText('18');
  await expect(count('To fix')).toHaveText('2');
  await expect(count('Rows')).toHaveText('20');

  const fifth = page.getByRole('listitem', { name: 'Row 5 (SHOP-105)' });
  await expect(fifth.getByText('Enter a valid UK postcode, such as SW1A 1AA')).toBeVisible();
  const twelfth = page.getByRole('listitem', { name: 'Row 12 (SHOP-112)' });
  await expect(twelfth.getByText('A number, such as 2.5')).toBeVisible();
  await checks.expectClean('the preview');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`batch-preview-${width}.png`), fullPage: true });
  }
  // The first screen of the phone view, at a size a person reads.
  await page.screenshot({ path: testInfo.outputPath('batch-preview-390-top.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await fifth.getByRole('button', { name: 'Fix' }).click();
  const postcode = fifth.getByLabel('Recipient postcode');
  await expect(postcode).toBeFocused();
  await postcode.fill('EH1 1AA');
  await fifth.getByRole('button', { name: 'Save and check' }).click();
  await expect(fifth.locator('.batches-status')).toHaveText('Ready');
  await twelfth.getByRole('button', { name: 'Drop' }).click();
  await expect(twelfth.locator('.batches-status')).toHaveText('Dropped');
  await expect(count('Ready')).toHaveText('19');
  await expect(count('Dropped')).toHaveText('1');
  await expect(count('To fix')).toHaveText('0');

  await page.getByRole('link', { name: 'All batches' }).click();
  const list = page.getByRole('region', { name: 'Your batches' });
  await expect(list.getByRole('link', { name: 'Monday dispatch' })).toBeVisible();
  await expect(list.getByText('20 rows: 19 ready, 0 to fix, 1 dropped')).toBeVisible();
  await checks.expectClean('the batch list');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`batches-${width}.png`), fullPage: true });
  }
});
