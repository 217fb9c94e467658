/**
 * Issue 48, "Quote form": the home page's weight is a decimal up to the heaviest parcel an active
 * service takes (GET /quotes/limits). Against the seeded demo services: DPD Next Day carries 30 kg
 * UK–UK, so a 2.5 kg and a 25 kg parcel both find options; 30.5 kg is named at the field.
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
    const form = page.getByRole('form', { name: 'Get a quote' });
    const weight = form.getByLabel('Weight (kg)');
    await expect(form.getByText('Up to 30 kg')).toBeVisible();
    await expect(weight).toHaveAttribute('inputmode', 'decimal');
    await expect(weight).toHaveAttribute('step', '0.1');
    await form.getByLabel('Deliver to').selectOption('Scotland');
    await form.getByLabel('Length (cm)').fill('40');
    await form.getByLabel('Width (cm)').fill('30');
    await form.getByLabel('Height (cm)').fill('30');

    await weight.fill('30.5');
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(form.getByText('No courier takes more than 30 kg')).toBeVisible();
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
      if (kg === '25') {
        // Only DPD Next Day (30 kg) carries it; the 20 kg services are left out.
        await expect(cards).toHaveCount(1);
        await expect(cards.first()).toContainText('DPD Next Day');
      } else {
        expect(await cards.count()).toBeGreaterThanOrEqual(2);
      }
      // The form above the results keeps the decimal weight.
      await expect(
        page.getByRole('form', { name: 'Change your parcel' }).getByLabel('Weight (kg)'),
      ).toHaveValue(kg);
      await page.screenshot({ path: testInfo.outputPath(`quote-${kg}kg-${width}.png`), fullPage: true });
      await checks.expectClean(`the ${kg} kg results`);
    }
  });
}
