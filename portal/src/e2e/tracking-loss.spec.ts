import { expect, test } from './fixtures';
import { look } from './layout';
import { expectOpened } from './opened';
import { guard, parcelWithException } from './support';

/**
 * The loss claim offered on the public tracking page (docs/claims-and-returns.md, "The prefilled
 * loss claim"), against the built product: a courier reports an exception; someone signed out
 * opens /track/<code>, reads the notice and presses Claim; they log in as the customer who booked
 * it and land on the prefilled loss claim in the order drawer, attach a PDF receipt as proof of
 * value and send it; the claim shows the receipt as a link, served as a download.
 */

/** A small valid PDF (one empty page), as a receipt from a shop. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

test('a parcel with a tracking exception: the public page offers the claim, which opens prefilled after logging in, with a PDF receipt', async ({
  browser,
}) => {
  const request = (await browser.newContext()).request;
  const { order, customer, trackingCode: code } = await parcelWithException(request, 'A wool scarf');

  // Signed out, as a recipient or the sender opens the link in an email.
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const watch = guard(page);
  await page.goto(`/track/${code}`);
  const notice = page.getByRole('region', { name: 'Has your parcel gone missing?' });
  await expect(notice.getByText(/^The courier reported a problem with it on /)).toBeVisible();
  await expect(notice.getByText(/If the parcel was sent to you, ask the sender to claim\./)).toBeVisible();
  await expect(
    notice.getByText('You will be asked to log in with the account that booked it.'),
  ).toBeVisible();
  await watch.expectClean();
  await look(page, 'tracking-loss', 'notice', { show: notice });

  await notice.getByRole('link', { name: 'Claim for a lost parcel' }).click();
  await expect(page).toHaveURL(/\/signin\?next=/);
  const signIn = page.getByRole('form', { name: 'Log in' });
  await signIn.getByLabel('Email').fill(customer.email);
  await signIn.getByLabel('Password', { exact: true }).fill(customer.password);
  await signIn.getByRole('button', { name: 'Submit' }).click();

  // Back at the claim: the order's drawer, the loss claim filled in for the customer to check.
  const drawer = await expectOpened(page.getByRole('dialog', { name: `Order ${order.reference}` }));
  const form = drawer.getByRole('form', { name: 'File a claim' });
  await expect(form.getByLabel('What happened')).toBeFocused();
  await expect(form.getByLabel('What happened')).toHaveValue(
    /^My parcel \(A wool scarf\) has not arrived\. The courier reported a problem with it on /,
  );
  await expect(form.getByLabel('Amount claimed (GBP)')).not.toHaveValue('');

  const proof = form.getByLabel('Proof of value (optional)');
  await expect(proof).toHaveAttribute('accept', /application\/pdf/);
  await proof.setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
  const added = form.getByRole('list', { name: 'Proof of value added' });
  await expect(added.getByRole('link', { name: 'Receipt 1 (PDF)' })).toBeVisible();
  await expect(added.getByRole('img')).toHaveCount(0);
  await watch.expectClean();
  await look(page, 'tracking-loss', 'form', { show: form });

  await form.getByRole('button', { name: 'Send claim' }).click();
  const card = drawer.getByRole('article', { name: /^Claim #/ });
  await expect(card.getByText('With courier')).toBeVisible();
  const receipt = card.getByRole('link', { name: 'Proof of value (PDF)' });
  await expect(receipt).toBeVisible();
  // Served as what it is, to be saved, never run as a page of this origin.
  const served = await page.request.get((await receipt.getAttribute('href'))!);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toMatch(/^attachment/);
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.from(await served.body())).toEqual(PDF);
  await watch.expectClean();
  await look(page, 'tracking-loss', 'filed', { show: card });
});
