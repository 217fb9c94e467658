/**
 * Batches in the browser (docs/batches.md): a customer uploads a 20-row CSV with two bad rows,
 * fixes one and drops the other in the preview, pays for the 19 ready rows in TEST MODE, and
 * downloads the A4 labels, the results and the payment's VAT receipt (all read back); the list and the batch page are
 * looked at on a desktop and a phone.
 */
import { readFile } from 'node:fs/promises';
import { inspectPdf } from '@consign/api/testing/pdf-inspect';
import type { Page } from '@playwright/test';
import { axe } from './a11y';
import { serverCollectionDay, serverNextWorkingDay } from './dates';
import { expect, test } from './fixtures';
import { guard, payInTestMode, signedInPage, verifiedAccount } from './support';

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

/** The file a click on `button` downloads, as bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('a customer uploads a batch, fixes one row, drops another, pays and downloads the labels and results', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
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

  // One payment for the 19 ready rows; every paid row becomes an order.
  const pay = page.getByRole('region', { name: 'Pay for the ready rows' });
  await expect(pay).toContainText('19 ready rows');
  await expect(pay).toContainText('1 other row left out, to fix and pay later.');
  await payInTestMode(page);
  await expect(page.getByRole('heading', { name: 'Monday dispatch', level: 1 })).toBeVisible();
  await expect(count('Booked')).toHaveText('19', { timeout: 60_000 });
  await expect(count('Ready')).toHaveText('0');
  await expect(pay.getByText(/Every ready row is paid for/)).toBeVisible();
  await expect(page).toHaveURL(/\/batches\/[^?]+$/);
  const first = page.getByRole('listitem', { name: 'Row 1 (SHOP-101)' });
  await expect(first.locator('.batches-status')).toHaveText('Booked');
  const track = first.getByRole('link', { name: /^Track / });
  const trackingCode = ((await track.textContent()) ?? '').replace(/^Track /, '');
  expect(trackingCode).toMatch(/^[A-Z0-9]{8,}$/);
  await expect(first.getByRole('button', { name: /^Order #/ })).toBeVisible();
  await expect(twelfth.locator('.batches-status')).toHaveText('Dropped');
  await checks.expectClean('the paid batch');

  // The A4 labels: four to a sheet, the tracking code /track accepts printed on them.
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const a4 = await downloaded(page, () =>
    downloads.getByRole('button', { name: 'A4 sheets, four to a page (PDF)' }).click(),
  );
  expect(a4.name).toMatch(/^consign-labels-batch-.+\.pdf$/);
  const { pages } = await inspectPdf(a4.bytes);
  expect(pages).toHaveLength(Math.ceil(19 / 4));
  const grouped = trackingCode.replace(/(.{4})(?=.)/g, '$1 ');
  expect(pages[0]?.runs).toContain(grouped);

  // The results: every row, the 19 booked with their references and tracking URLs.
  const results = await downloaded(page, () =>
    downloads.getByRole('button', { name: 'Results (CSV)' }).click(),
  );
  const lines = results.bytes.toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('position,reference,status,order_reference,tracking_code,tracking_url,price,error');
  expect(lines).toHaveLength(21);
  const booked = lines.slice(1).filter((line) => line.split(',')[2] === 'booked');
  expect(booked).toHaveLength(19);
  for (const line of booked) {
    const [, reference, , order, code, url] = line.split(',');
    expect(reference).toMatch(/^SHOP-1\d\d$/);
    expect(order).toMatch(/^#[0-9a-f]{8}$/);
    expect(url).toBe(new URL(`/track/${code}`, url).href);
  }
  expect(booked.some((line) => line.includes(`,${trackingCode},`))).toBe(true);

  // The VAT receipt of the payment: a line per paid row, adding up to what was paid.
  const receiptButton = downloads
    .getByRole('group', { name: 'VAT receipts' })
    .getByRole('button', { name: /^Receipt R-\d{6}: £[\d,]+\.\d\d, 19 rows \(PDF\)$/ });
  const receiptName = ((await receiptButton.textContent()) ?? '').replace(/^Receipt (R-\d+):.*$/, '$1');
  const receipt = await downloaded(page, () => receiptButton.click());
  expect(receipt.name).toBe(`consign-receipt-${receiptName}.pdf`);
  const receiptText = (await inspectPdf(receipt.bytes)).pages
    .map((p) => p.text)
    .join('\n')
    .replace(/\s+/g, ' ');
  expect(receiptText).toContain('VAT RECEIPT');
  expect(receiptText.match(/, order #[0-9a-f]{8}:/g)).toHaveLength(19);
  const paidText = /^Receipt R-\d+: (£[\d,]+\.\d\d)/.exec((await receiptButton.textContent()) ?? '')?.[1];
  expect(receiptText).toContain(`Total paid (GBP) ${paidText}`);
  await checks.expectClean('the downloads');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page, 'the paid batch', `${width}px`);
    await page.screenshot({ path: testInfo.outputPath(`batch-paid-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(() => ({
    by: document.documentElement.scrollWidth - window.innerWidth,
    // What sticks out, to name in the failure.
    wide: [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`),
  }));
  expect(overflow.by, `no sideways scroll at 320px: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('batch-paid-320-top.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('link', { name: 'All batches' }).click();
  const list = page.getByRole('region', { name: 'Your batches' });
  await expect(list.getByRole('link', { name: 'Monday dispatch' })).toBeVisible();
  await expect(list.getByText('20 rows: 0 ready, 0 to fix, 1 dropped, 19 booked')).toBeVisible();
  await checks.expectClean('the batch list');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`batches-${width}.png`), fullPage: true });
  }
});
