import { fileURLToPath } from 'node:url';
import { checkAccessibility } from './a11y';
import { expect, test } from './fixtures';
import {
  adminToken,
  apiCall,
  guard,
  saveBusinessDetails,
  signInThroughApi,
  unique,
  verifiedAccount,
} from './support';

/**
 * Onboarding's prices are the courier's services (docs/couriers.md): a new courier walks the
 * wizard, makes its first service with the services form from the pricing step (nothing typed
 * twice), completes onboarding, and once staff activate it a customer's quote returns that service.
 */

const SCREENSHOTS = fileURLToPath(new URL('../../e2e-screenshots', import.meta.url));

test('a new courier makes its first service inside onboarding, and a customer is quoted it once active', async ({
  browser,
  page,
  request,
}) => {
  const id = unique();
  const shopName = `E2E Onboarded ${id}`;
  const serviceName = `E2E First Service ${id}`;
  const account = await verifiedAccount(request, 'vendor', shopName);
  await saveBusinessDetails(request, account.token, shopName);
  const errors = guard(page);

  await signInThroughApi(page, account);
  await page.goto('/vendor-onboarding');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await page.getByLabel('Company type *').selectOption('limited-company');
  await page.getByLabel('Years in business *').fill('3');
  await next.click();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await page.getByLabel('Contact person *').fill('Sam Swift');
  await page.getByLabel('Phone *').fill('020 7946 0000');
  await next.click();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await page.getByLabel('Service area', { exact: true }).fill('Greater London');
  await page.getByRole('button', { name: 'Add area' }).click();
  await page.getByLabel('Next Day').check();
  await next.click();

  // The pricing step: no services yet, so Next waits and says why.
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Services & Prices' })).toBeVisible();
  await expect(page.getByText('No courier services yet. Add at least one.')).toBeVisible();
  await expect(page.getByText('Add at least one courier service', { exact: true })).toBeVisible();
  await next.click();
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  await checkAccessibility(page, 'onboarding-pricing-empty', () =>
    expect(page.getByRole('button', { name: 'Add a courier service' })).toBeVisible(),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Add a courier service' }).click();

  // The services page's own form, coming back to onboarding.
  await expect(page).toHaveURL(/\/add-courier\?from=onboarding$/);
  const form = page.getByRole('form', { name: 'Add New Courier Service' });
  await expect(page.getByRole('link', { name: '← Back to onboarding' })).toBeVisible();
  await form.getByLabel('Service name').fill(serviceName);
  await form.getByLabel('Service type').selectOption('domestic');
  await form.getByLabel('From location').selectOption('England');
  const tier = form.getByRole('group', { name: 'Tier 1' });
  await tier.getByLabel('Up to (kg)').fill('5');
  // The new tier's price of 0 is refused at its field, in words, before anything is sent.
  await form.getByRole('button', { name: 'Add Courier Service' }).click();
  await expect(tier.getByText('Price must be more than 0')).toBeVisible();
  await expect(page).toHaveURL(/\/add-courier\?from=onboarding$/);
  await checkAccessibility(page, 'onboarding-service-form', () =>
    expect(tier.getByText('Price must be more than 0')).toBeVisible(),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await tier.getByLabel('Price (£)').fill('3.21');
  await form.getByRole('button', { name: 'Add Courier Service' }).click();

  // Back at the pricing step, with the service listed and Next open.
  await expect(page).toHaveURL(/\/vendor-onboarding$/);
  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  const services = page.getByRole('list', { name: 'Your courier services' });
  const item = services.getByRole('listitem').filter({ hasText: serviceName });
  await expect(item).toContainText('Domestic · England → Any');
  await expect(item).toContainText('5kg: £3.21');
  await expect(item).toContainText('Active');
  await expect(next).toBeEnabled();
  await checkAccessibility(page, 'onboarding-pricing-service', () => expect(item).toBeVisible());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // Nothing runs off the side at either width, and Edit stays one word beside the service.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const edit = item.getByRole('button', { name: `Edit ${serviceName}` });
    expect((await edit.boundingBox())?.height).toBeLessThan(40);
  }
  await page.screenshot({ path: `${SCREENSHOTS}/onboarding-pricing-service-desktop.png`, fullPage: true });
  await next.click();

  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Onboarding' }).click();
  await expect(page).toHaveURL(/\/vendor-panel$/);
  await expect(page.getByText(/^Submitted for review/)).toBeVisible();
  await expect(page.getByText('1 service', { exact: true })).toBeVisible();
  await errors.expectClean();

  // Staff activate the business; a customer's quote now returns the service typed in onboarding.
  const me = await apiCall(request, 'get', '/api/v1/vendors/me', account.token);
  await apiCall(request, 'post', `/api/v1/admin/vendors/${me.id}/activate`, await adminToken(request), {
    reason: 'Onboarding checked',
  });
  const shopper = await (await browser.newContext()).newPage();
  const shopperErrors = guard(shopper);
  await shopper.goto('/result?type=Domestic&from=England&to=Scotland&length=10&width=10&height=10&weight=2');
  await expect(shopper.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  const card = shopper
    .getByTestId('quote-card')
    .filter({ has: shopper.getByRole('heading', { name: serviceName }) });
  // The 5 kg tier: £3.21 + 20% VAT.
  await expect(card.getByTestId('quote-price')).toHaveText('£3.85');
  await checkAccessibility(shopper, 'onboarding-quoted', () => expect(card).toBeVisible());
  await shopperErrors.expectClean();
  await shopper.context().close();
});
