import { expect, test } from './fixtures';
import { look } from './layout';
import {
  accessToken,
  activeCourier,
  apiCall,
  deliveredPartnerOrder,
  guard,
  PNG,
  partnerWithPerson,
  signInThroughApi,
  unique,
} from './support';

/**
 * The partner area's Claims section against the built product: a partner's server uploads a photo
 * with its secret key (POST /partner/uploads) and files damage claims for three of its delivered
 * orders; the courier rejects one and part accepts another (paid at once). A partner's person sees
 * the empty state first, then the three claims (with courier, rejected, paid) with their chips,
 * amounts, orders and deadlines, and opens one read only with its order and photo. Axe and no
 * sideways scroll at 1280 and 390 px.
 */

test('a partner’s server claims with its own photos; its people see the claims in every state they reached', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const courier = await activeCourier(request, {
    shopName: `Claim Shop Couriers ${unique()}`,
    service: {
      name: `Claim Shop Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const { partner, account } = await partnerWithPerson(request, 'Claims Shop');

  const page = await (await browser.newContext()).newPage();
  const watch = guard(page);
  await signInThroughApi(page, account);
  await page.goto('/partner#claims');
  const section = page.getByRole('region', { name: 'Claims', exact: true });
  await expect(section.getByText(/No claims yet/)).toBeVisible();
  await look(page, 'partner-claims', 'empty');
  await watch.expectClean();

  // The partner's server: a secret key, a photo uploaded with it, three claims filed with it.
  const person = await accessToken(request, account);
  const { secret } = (await apiCall(request, 'post', '/api/v1/partner/secret-keys', person, {})) as {
    secret: string;
  };
  const key = { Authorization: `Bearer ${secret}` };
  const uploaded = await request.post('/api/v1/partner/uploads', {
    headers: key,
    multipart: { image: { name: 'broken-lamp.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url: photo } = (await uploaded.json()) as { url: string };

  const claims: { id: string; reference: string; orderReference: string }[] = [];
  for (const amount of [300, 400, 500]) {
    const { order } = await deliveredPartnerOrder(request, partner.publishableKey, courier);
    const filed = await request.post(`/api/v1/partner/orders/${order.id}/claims`, {
      headers: key,
      data: {
        kind: 'damage',
        description: 'The lamp arrived in pieces',
        amountClaimed: amount,
        photos: [photo],
      },
    });
    expect(filed.status(), await filed.text()).toBe(201);
    claims.push((await filed.json()) as (typeof claims)[number]);
  }
  const [waiting, rejected, paid] = claims as [(typeof claims)[0], (typeof claims)[0], (typeof claims)[0]];
  await apiCall(request, 'post', `/api/v1/vendor/claims/${rejected.id}/response`, courier.token, {
    decision: 'reject',
    note: 'Delivered intact and signed for',
    evidence: [],
  });
  await apiCall(request, 'post', `/api/v1/vendor/claims/${paid.id}/response`, courier.token, {
    decision: 'part_accept',
    amount: 200,
    note: 'Part of the lamp was packed badly',
    evidence: [],
  });

  await page.reload();
  const table = section.getByRole('table', { name: /Claims on your orders/ });
  const row = (reference: string) => table.getByRole('row').filter({ hasText: reference });
  await expect(row(waiting.reference)).toContainText('With courier');
  await expect(row(waiting.reference)).toContainText('£3.00');
  await expect(row(waiting.reference)).toContainText('Courier answers by');
  await expect(row(waiting.reference)).toContainText(waiting.orderReference);
  await expect(row(rejected.reference)).toContainText('Rejected');
  await expect(row(rejected.reference)).toContainText('With Consign staff');
  await expect(row(paid.reference)).toContainText('Paid');
  await expect(row(paid.reference)).toContainText('Agreed £2.00');
  await look(page, 'partner-claims', 'list');
  await watch.expectClean();

  await row(rejected.reference)
    .getByRole('button', { name: `View claim ${rejected.reference}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Damage claim ${rejected.reference}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The lamp arrived in pieces')).toBeVisible();
  await expect(dialog.getByText('Delivered intact and signed for')).toBeVisible();
  await expect(dialog.getByRole('link', { name: `Track order ${rejected.orderReference}` })).toBeVisible();
  await expect(dialog.getByRole('img').first()).toBeVisible();
  await look(page, 'partner-claims', 'detail');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await watch.expectClean();
});
