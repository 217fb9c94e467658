import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { look } from './layout';
import { expectOpened } from './opened';
import {
  activeCourier,
  apiCall,
  guard,
  openOrderDrawer,
  PNG,
  paidOrder,
  signedInPage,
  staffConsole,
  unique,
  verifiedAccount,
} from './support';

/**
 * A claim above what the customer paid, against the built product (TEST MODE payments and
 * payouts): a booking with £100 of cover is claimed as damaged for £60 from the order drawer; the
 * courier accepts; the customer sees the refund and PayPal payout parts, gives a PayPal email
 * that fails (TEST MODE fails a `+fail` address), gives another and sees the claim paid; staff see
 * both parts in the console. A second test: a failed payout retried by staff in the console.
 */

/** A delivered booking with £100 of cover (far above its price), paid in TEST MODE. */
async function coveredDelivery(request: APIRequestContext) {
  const courier = await activeCourier(request, {
    shopName: `Payout Couriers ${unique()}`,
    service: {
      name: `Payout Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  const customer = await verifiedAccount(request, 'customer');
  const order = await paidOrder(request, customer.token, {
    serviceId: courier.serviceId!,
    contents: 'A camera lens',
    coverAmount: 10_000,
  });
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await apiCall(request, 'patch', `/api/v1/vendor/orders/${order.id}`, courier.token, { status });
  }
  return { courier, customer, order };
}

async function accept(request: APIRequestContext, courierToken: string, claimId: string) {
  await apiCall(request, 'post', `/api/v1/vendor/claims/${claimId}/response`, courierToken, {
    decision: 'accept',
    note: 'Dropped in the depot, sorry',
    evidence: [],
  });
}

test('a claim above the price is paid by refund and PayPal payout once the customer gives an email', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const { courier, customer, order } = await coveredDelivery(request);

  const page = await signedInPage(browser, customer);
  const watch = guard(page);
  let drawer = await openOrderDrawer(page, order.reference);
  await drawer.getByRole('button', { name: 'Claim for damage' }).click();
  const form = drawer.getByRole('form', { name: 'File a claim' });
  await expect(form.getByLabel('What happened')).toBeFocused();
  await expect(form.getByText(/At most £100.00: the cover you bought/)).toBeVisible();
  await form.getByLabel('What happened').fill('The lens arrived with its glass cracked across.');
  await form.getByLabel('Amount claimed (GBP)').fill('60');
  await form
    .getByLabel('Photos', { exact: true })
    .setInputFiles({ name: 'lens.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('list', { name: 'Photos added' }).getByRole('listitem')).toHaveCount(1);
  await form.getByRole('button', { name: 'Send claim' }).click();
  const card = drawer.getByRole('article', { name: /^Claim #/ });
  await expect(card.getByText('With courier')).toBeVisible();

  const [claim] = (await apiCall(request, 'get', `/api/v1/claims?orderId=${order.id}`, customer.token))
    .items as {
    id: string;
    reference: string;
  }[];
  await accept(request, courier.token, claim!.id);

  await page.reload();
  drawer = await openOrderDrawer(page, order.reference);
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(
    card.getByText(
      /^How it is paid: £\d+\.\d\d back to your card or PayPal payment, £\d+\.\d\d by PayPal payout\.$/,
    ),
  ).toBeVisible();
  await expect(card.getByText('Waiting for a PayPal email')).toBeVisible();
  const email = card.getByRole('form', { name: `PayPal email for claim ${claim!.reference}` });
  await email.getByRole('button', { name: 'Save PayPal email' }).click();
  await expect(email.getByText('Enter the email address of your PayPal account')).toBeVisible();
  await watch.expectClean();
  await look(page, 'claim-payout', 'email');

  // TEST MODE fails a `+fail` address: the card says why and asks again.
  await email.getByLabel('Your PayPal email').fill(`lens+fail.${unique()}@example.com`);
  await email.getByRole('button', { name: 'Save PayPal email' }).click();
  await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  await expect(card.getByText(/PayPal has no account with this email address/)).toBeVisible();
  await look(page, 'claim-payout', 'failed');

  const good = `lens.${unique()}@example.com`;
  const again = card.getByRole('form', { name: `PayPal email for claim ${claim!.reference}` });
  await again.getByLabel('Your PayPal email').fill(good);
  await again.getByRole('button', { name: 'Pay to this PayPal email' }).click();
  await expect(card.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(card.getByText(`PayPal payout: Paid`)).toBeVisible();
  await expect(
    card.getByText(new RegExp(`by PayPal payout to ${good.replace(/[.+]/g, '\\$&')}`)),
  ).toBeVisible();
  await expect(card.getByText('Paid to you')).toBeVisible();
  await watch.expectClean();
  await look(page, 'claim-payout', 'paid');

  // Staff see both parts on the claim's page.
  const { staff, watch: staffWatch } = await staffConsole(browser, 'Claims');
  await staff.goto(`/admin/#/claims/${claim!.id}/show`);
  await expect(staff.getByText(/refunded to the order’s payment \(done\)/)).toBeVisible();
  await expect(staff.getByText(`by PayPal payout to ${good}: paid`, { exact: false })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Retry payout' })).toHaveCount(0);
  await staffWatch.expectClean('the claim’s page');
  await look(staff, 'claim-payout', 'console-claim-payout');
});

test('staff retry a failed claim payout in the console', async ({ browser }) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const { courier, customer, order } = await coveredDelivery(request);
  const upload = await request.post('/api/v1/uploads', {
    headers: { Authorization: `Bearer ${customer.token}` },
    multipart: { image: { name: 'lens.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(201);
  const claim = (await apiCall(request, 'post', `/api/v1/orders/${order.id}/claims`, customer.token, {
    kind: 'damage',
    description: 'The lens arrived with its glass cracked across.',
    amountClaimed: 6000,
    photos: [((await upload.json()) as { url: string }).url],
  })) as { id: string; reference: string };
  await accept(request, courier.token, claim.id);
  await apiCall(request, 'put', `/api/v1/claims/${claim.id}/payout-receiver`, customer.token, {
    email: `lens+fail.${unique()}@example.com`,
  });

  const { staff, watch } = await staffConsole(browser, 'Claims');
  await staff.goto(`/admin/#/claims/${claim.id}/show`);
  await expect(staff.getByText(/by PayPal payout to lens\+fail.*: failed/)).toBeVisible();
  await expect(staff.getByText('PayPal’s reason: FAILED: RECEIVER_UNREGISTERED')).toBeVisible();
  await staff.getByRole('button', { name: 'Retry payout' }).click();
  const dialog = await expectOpened(
    staff.getByRole('dialog', { name: `Retry the payout of claim ${claim.reference}` }),
  );
  await dialog.getByLabel('Reason (kept in the audit log)').fill('The customer says the account works now');
  await look(staff, 'claim-payout', 'console-retry-payout');
  await dialog.getByRole('button', { name: 'Retry payout' }).click();
  await expect(staff.getByText(`Claim ${claim.reference}: payout sent again`)).toBeVisible();
  // Sent again to the same address, which TEST MODE fails again: still failed, still retryable.
  await expect(staff.getByText(/by PayPal payout to lens\+fail.*: failed/)).toBeVisible();
  await watch.expectClean();
});
