import type { Page } from '@playwright/test';
import { axe, DESKTOP, PHONE, watchForErrors } from './a11y';
import { expect, test } from './fixtures';

/**
 * The widget's catalogue for partners (issue 51, item 20; docs/widget.md, "The widget's states"):
 * the widget's Storybook, built once with the widget and served at /docs/widget-states. Every
 * story (each state a shopper can see, each theme option) is opened from the served build at
 * desktop and phone widths and checked with axe, failing on a violation, a page error or a
 * console error (a Content-Security-Policy refusal included).
 */

const CATALOGUE = '/docs/widget-states';

type Entry = { id: string; title: string; name: string; type: string };

async function storiesOf(page: Page): Promise<Entry[]> {
  const res = await page.request.get(`${CATALOGUE}/index.json`);
  expect(res.ok(), 'the catalogue is built and served').toBe(true);
  const { entries } = (await res.json()) as { entries: Record<string, Entry> };
  return Object.values(entries).filter((e) => e.type === 'story');
}

test('the catalogue is served with the docs and its stories name every state and theme', async ({ page }) => {
  const errors = watchForErrors(page);
  const redirect = await page.request.get(CATALOGUE, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  await page.goto(CATALOGUE);
  await expect(page).toHaveTitle(/Storybook/);
  const names = (await storiesOf(page)).map((s) => s.name);
  for (const name of [
    'Empty',
    'Loading',
    'Results',
    'Results on a phone',
    'No results',
    'Error',
    'Unavailable (key or origin refused)',
    'Checkout: open',
    'Checkout: payment approved',
    'Checkout: booked',
    'Booked, modal closed',
    'Theme: dark',
    'Theme: auto (follows the visitor’s setting)',
    'Theme: accent, colours, radius and font',
  ]) {
    expect(names).toContain(name);
  }
  // The manager shows the first story in its frame, from this origin, under this CSP.
  const frame = page.frameLocator('#storybook-preview-iframe');
  await expect(frame.locator('[data-consign-widget] .panel')).toBeVisible({ timeout: 30_000 });
  errors.expectNone();
});

// Two halves of the catalogue, one test each, so the two workers share it; each story is loaded
// once and scanned at both widths (a resize draws it again, a reload would cost a second load).
for (const half of [0, 1]) {
  test(`every story of the catalogue passes axe at 1280 and 390 px, with no page or console error (half ${half + 1} of 2)`, async ({
    page,
  }) => {
    test.slow();
    const errors = watchForErrors(page);
    const stories = (await storiesOf(page)).filter((_, index) => index % 2 === half);
    expect(stories.length).toBeGreaterThan(5);
    for (const story of stories) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${CATALOGUE}/iframe.html?id=${story.id}&viewMode=story`);
      for (const [width, size] of [
        ['1280', DESKTOP],
        ['390', PHONE],
      ] as const) {
        await page.setViewportSize(size);
        const panel = page.locator('[data-consign-widget] .panel');
        await expect(panel, story.name).toBeVisible({ timeout: 30_000 });
        // The booked dialog draws its summary.
        if (story.name.startsWith('Checkout: booked')) {
          await expect(page.locator('[data-consign-widget] .booked dl')).toBeVisible();
        }
        await axe(page, `widget story "${story.name}"`, `${width} px`);
        if (['Checkout: booked', 'Results', 'Theme: dark'].includes(story.name)) {
          await page.screenshot({ path: test.info().outputPath(`${story.id}-${width}.png`), fullPage: true });
        }
      }
    }
    errors.expectNone();
  });
}
