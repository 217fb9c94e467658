import type { APIRequestContext } from '@playwright/test';
import { serverBookableDay } from './dates';
import { expect, test } from './fixtures';
import { look } from './layout';
import {
  activeCourier,
  apiCall,
  deliveredPartnerOrder,
  guard,
  mailTo,
  partnerWithPerson,
  payInTestMode,
  signInThroughApi,
  unique,
} from './support';

/**
 * The partner area's Returns section against the built product (TEST MODE payments): a partner's
 * person sets a policy where the shop pays (each wrong field said at the field), sees nothing owed,
 * then one return and then several booked on its account by shoppers, pays for them in one TEST
 * MODE payment, gets the receipt (downloaded and mailed) and sees them paid. Each state is checked by
 * axe and looked at (no sideways scroll) at 1280 and 390 px.
 */

/**
 * A shopper's order booked through the partner's widget key, paid, delivered by its courier, then
 * returned by its recipient on the partner's account (its policy says the partner pays).
 */
async function partnerReturn(
  request: APIRequestContext,
  publishableKey: string,
  outbound: { token: string; serviceId: string | null },
) {
  const { order, shopper } = await deliveredPartnerOrder(request, publishableKey, outbound);
  const { trackingCode } = (await apiCall(request, 'get', `/api/v1/orders/${order.id}`, shopper.token)) as {
    trackingCode: string;
  };
  const draft = await request.post('/api/v1/returns', {
    data: { trackingCode, postcode: 'EH1 1AA', reason: 'damaged' },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const started = (await draft.json()) as { draft: string; quote: { options: { id: string }[] } };
  const booked = await apiCall(request, 'post', '/api/v1/returns/book', shopper.token, {
    draft: started.draft,
    quoteOptionId: started.quote.options[0]!.id,
    collectionDate: await serverBookableDay(request),
  });
  expect(booked.payer).toBe('partner');
  return booked as { returnReference: string; price: { amount: number } };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

test('a partner sets who pays for returns, sees what it owes for one and several, and pays in TEST MODE', async ({
  browser,
}) => {
  test.slow();
  const request = (await browser.newContext()).request;
  const outbound = await activeCourier(request, {
    shopName: `Shop Couriers ${unique()}`,
    service: {
      name: `Shop Express ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'England',
      toLocation: 'Scotland',
    },
  });
  await activeCourier(request, {
    shopName: `Return Couriers ${unique()}`,
    service: {
      name: `Back Again ${unique()}`,
      serviceType: 'domestic',
      fromLocation: 'Scotland',
      toLocation: 'England',
    },
  });
  const { partner, account } = await partnerWithPerson(request, 'Returns Shop');

  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const watch = guard(page);
  await signInThroughApi(page, account);
  await page.goto('/partner#returns');
  const form = page.getByRole('form', { name: 'Return policy' });
  await expect(form).toBeVisible();
  const owedCard = page.getByRole('region', { name: 'To pay for returns' });
  await expect(
    owedCard.getByText('Nothing to pay: every return booked on your account is paid for.'),
  ).toBeVisible();
  await expect(page.getByText('No returns yet.')).toBeVisible();

  // Each wrong field is said at the field before anything is sent.
  const days = form.getByRole('spinbutton', { name: 'Return window (days after delivery)' });
  await days.fill('0');
  for (const reason of await form.getByRole('checkbox').all()) await reason.uncheck();
  await form.getByRole('button', { name: 'Save return policy' }).click();
  await expect(form.getByText('Enter a whole number of days from 1 to 365')).toBeVisible();
  await expect(form.getByText('Offer at least one reason')).toBeVisible();
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await look(page, 'partner-returns', 'policy-errors');
  await days.fill('30');
  await form.getByRole('checkbox', { name: 'It arrived damaged' }).check();
  await form.getByRole('radio', { name: /We do/ }).check();
  await form.getByRole('button', { name: 'Save return policy' }).click();
  await expect(page.getByText('Return policy saved')).toBeVisible();
  await look(page, 'partner-returns', 'nothing-owed');
  await watch.expectClean();

  // One return on the shop's account.
  const first = await partnerReturn(request, partner.publishableKey, outbound);
  await page.reload();
  await expect(owedCard.getByText(/You owe/)).toContainText(
    `You owe ${pounds(first.price.amount)} for 1 return`,
  );
  await expect(owedCard.getByRole('list', { name: 'Returns to pay for' }).getByRole('listitem')).toHaveCount(
    1,
  );
  await expect(page.getByRole('list', { name: 'Returns booked' })).toContainText(
    `Return ${first.returnReference}`,
  );
  await expect(page.getByRole('list', { name: 'Returns booked' })).toContainText('on your account, to pay');
  await look(page, 'partner-returns', 'one-owed');

  // Two more: several owed, one payment for all.
  const second = await partnerReturn(request, partner.publishableKey, outbound);
  const third = await partnerReturn(request, partner.publishableKey, outbound);
  const total = first.price.amount + second.price.amount + third.price.amount;
  await page.reload();
  await expect(owedCard.getByText(/You owe/)).toContainText(`You owe ${pounds(total)} for 3 returns`);
  await expect(owedCard.getByRole('list', { name: 'Returns to pay for' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await look(page, 'partner-returns', 'several-owed');
  await watch.expectClean();

  await payInTestMode(page);
  await expect(page).toHaveURL(/\/partner/);
  const paid = owedCard.getByRole('status').filter({ hasText: 'Paid' });
  await expect(paid).toContainText(`Paid ${pounds(total)} for 3 returns: receipt R-`, { timeout: 30_000 });
  await expect(
    owedCard.getByText('Nothing to pay: every return booked on your account is paid for.'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/approved=1/);
  const receiptButton = owedCard.getByRole('button', { name: /Download receipt R-\d{6}/ });
  const [download] = await Promise.all([page.waitForEvent('download'), receiptButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^consign-receipt-R-\d{6}\.pdf$/);
  await expect(
    page.getByRole('list', { name: 'Returns booked' }).getByText(/on your account, paid/),
  ).toHaveCount(3);
  await look(page, 'partner-returns', 'paid');

  const mail = await mailTo(request, account.email, /^Receipt R-\d{6}/);
  expect(mail.subject).toContain(`paid ${pounds(total)} for 3 returns`);
  await watch.expectClean();
});
