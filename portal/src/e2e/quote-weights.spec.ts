/**
 * Issue 48, "Quote form": the home page's weight is a decimal up to the heaviest parcel an active
 * service takes (GET /quotes/limits). Against the seeded demo services: DPD Next Day carries 30 kg
 * UK–UK, so a 2.5 kg and a 25 kg parcel both find it, UPS Promotion (20 kg) only the first; a
 * weight over the limit is named at the field. Other specs on the same server add services, so
 * the limit is read from the API and the demo's services are named, not counted.
 */
import { expect, test } from './fixtures';
import { guard } from './support';

for (const width of [1280, 390]) {
  test(`a 2.5 kg and a 25 kg quote from the home page show options (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const checks = guard(page);
    await page.goto('/');
    const limits = await (await page.request.get('/api/v1/quotes/limits')).json();
    const limit = limits.byServiceType.domestic.maxWeightKg as number;
    expect(limit).toBeGreaterThanOrEqual(30);
    const form = page.getByRole('form', { name: 'Get a quote' });
    const weight = form.getByLabel('Weight (kg)');
    await expect(form.getByText(`Up to ${limit} kg`)).toBeVisible();
    await expect(weight).toHaveAttribute('inputmode', 'decimal');
    await expect(weight).toHaveAttribute('step', '0.1');
    await form.getByLabel('Deliver to').selectOption('Scotland');
    await form.getByLabel('Length (cm)').fill('40');
    await form.getByLabel('Width (cm)').fill('30');
    await form.getByLabel('Height (cm)').fill('30');

    await weight.fill(String(limit + 0.5));
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(form.getByText(`No courier takes more than ${limit} kg`)).toBeVisible();
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/$/);
    await page.screenshot({ path: testInfo.outputPath(`quote-weight-refused-${width}.png`) });

    for (const kg of ['2.5', '25']) {
      if (!page.url().endsWith('/')) await page.goto('/');
      await form.getByLabel('Deliver to').selectOption('Scotland');
      await form.getByLabel('Length (cm)').fill('40');
      await form.getByLabel('Width (cm)').fill('30');
      await form.getByLabel('Height (cm)').fill('30');
      await weight.fill(kg);
      await form.getByRole('button', { name: 'Get Quote' }).click();
      await expect(page).toHaveURL(new RegExp(`/result\\?.*&weight=${kg.replace('.', '\\.')}$`));
      await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
      const cards = page.getByTestId('quote-card');
      await expect(cards.first()).toBeVisible();
      // DPD Next Day (30 kg) carries both; the demo's UPS Promotion (20 kg) only the 2.5 kg parcel.
      await expect(page.getByRole('heading', { name: 'DPD Next Day', exact: true })).toBeVisible();
      const promotion = page.getByRole('heading', { name: 'UPS Promotion', exact: true });
      await expect(promotion).toHaveCount(kg === '25' ? 0 : 1);
      // The form above the results keeps the decimal weight.
      await expect(
        page.getByRole('form', { name: 'Change your parcel' }).getByLabel('Weight (kg)'),
      ).toHaveValue(kg);
      await page.screenshot({ path: testInfo.outputPath(`quote-${kg}kg-${width}.png`), fullPage: true });
      await checks.expectClean(`the ${kg} kg results`);
    }
  });
}
