import { PHONE, watchForErrors } from './a11y';
import { expect, test } from './fixtures';
import { box, overlaps } from './layout';

/**
 * What a newcomer's walkthrough on a phone found (issue 21), each checked where it showed: in a
 * real browser, at phone width, against the real API serving the built portal.
 */

const ROUTE = 'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2';

test('a signed-out page load asks for no session it does not have: 204, no console error', async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
  });
  for (const path of ['/', `/result?${ROUTE}`, '/signin', '/signup']) {
    await page.goto(path);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
    ).toBeVisible();
  }
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((status) => status === 204)).toBe(true);
  errors.expectNone();
});

for (const width of [320, PHONE.width]) {
  test(`the quote tabs stay apart at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: PHONE.height });
    await page.goto('/');
    const tabs = page.getByRole('form', { name: 'Get a quote' }).getByRole('tab');
    await expect(tabs).toHaveCount(3);
    const boxes = await Promise.all([0, 1, 2].map((i) => box(tabs.nth(i))));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
    }
    // Each label fits inside its tab.
    for (let i = 0; i < 3; i++) {
      expect(await tabs.nth(i).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });
}

test('after Get Quote on a phone, the results take focus, scroll into view and are announced', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get a quote' });
  await form.getByLabel('Deliver to').selectOption('Scotland');
  await form.getByLabel('Length (cm)').fill('30');
  await form.getByLabel('Width (cm)').fill('20');
  await form.getByLabel('Height (cm)').fill('15');
  await form.getByLabel('Weight (kg)').fill('2');
  await form.getByRole('button', { name: 'Get Quote' }).click();

  const heading = page.getByRole('heading', { name: 'Available couriers' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ courier options? found$/ })).toBeAttached();
});

/**
 * Layout shifts so far, summed as Lighthouse sums them, two frames on. Chrome hands layout-shift
 * entries only to an observer (not to getEntriesByType); `buffered` replays those already made.
 */
async function layoutShift(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const observer = new PerformanceObserver(() => {});
            observer.observe({ type: 'layout-shift', buffered: true });
            // takeRecords() right after observe() holds the buffered entries, synchronously.
            const entries = observer.takeRecords() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[];
            observer.disconnect();
            resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
          }),
        );
      }),
  );
}

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`home and results load without shifting the layout at ${viewport.width} px (Lighthouse's CLS)`, async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(
      page.getByRole('form', { name: 'Get a quote' }).getByRole('button', { name: 'Get Quote' }),
    ).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.1);

    // Loaded directly, as a shared link or Lighthouse does: the spinner first, then the options,
    // scrolled to their heading. The placeholder once left the footer in view just before.
    await page.goto(`/result?${ROUTE}`);
    const heading = page.getByRole('heading', { name: 'Available couriers' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    expect(await layoutShift(page)).toBeLessThan(0.1);
    // Off-screen cards stand in at a placeholder height: never a placeholder width wider than the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    errors.expectNone();
  });
}

test('the home page paints from its HTML before any script, then hydrates into the working form', async ({
  browser,
  baseURL,
}) => {
  // Without JavaScript: what the first paint shows comes from the prerendered HTML alone.
  const bare = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await bare.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Compare UK courier quotes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register as a courier' })).toBeVisible();
    // Another route never gets the home page's HTML: it would flash there.
    await page.goto(`/result?${ROUTE}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  } finally {
    await bare.close();
  }

  // With it: React takes the page over without a mismatch (a console error) and the form works.
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const errors = watchForErrors(page);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Get a quote' });
    await form.getByLabel('Length (cm)').fill('30');
    await form.getByLabel('Width (cm)').fill('20');
    await form.getByLabel('Height (cm)').fill('15');
    await form.getByRole('button', { name: 'Get Quote' }).click();
    await expect(page).toHaveURL(/\/result\?/);
    await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
    errors.expectNone();
  } finally {
    await context.close();
  }
});

test('sign-up: the terms box stays put as a message appears on blur, so the click lands', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await form.getByLabel('Confirm Password', { exact: true }).fill('something-else');
  const terms = form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  // Where the box is in the page (not the viewport, which the click may scroll).
  const top = () => terms.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await top();
  // Focus leaves Confirm Password on the press: its error appears as the pointer goes down.
  await terms.click();
  await expect(form.getByText('The passwords do not match')).toBeVisible();
  await expect(terms).toBeChecked();
  expect(await top()).toBe(before);
});

test('a fresh load of /dashboard brings the price breakdown styles with it', async ({ page }) => {
  await page.goto('/signin');
  const signIn = page.getByRole('form', { name: 'Log in' });
  await signIn.getByLabel('Email').fill('customer@consign.example');
  await signIn.getByLabel('Password', { exact: true }).fill('consign-demo-1');
  await signIn.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The drawer's PriceBreakdown is styled by rules this page loaded, not the booking pages'.
  const styled = await page.evaluate(() => {
    const probe = document.createElement('dl');
    probe.className = 'price-list';
    document.body.append(probe);
    const display = getComputedStyle(probe).display;
    probe.remove();
    return display;
  });
  expect(styled).toBe('grid');
});

test('a page opened afresh in the tab starts at the top; a reload and a return keep their places', async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const open = async (path: string, heading: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };
  await open('/terms', 'Terms and Conditions');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(scrollY).toBe(600);

  // A new visit in the same tab (typed, or a bookmark): the first page of a visit was restored
  // to the previous visit's first page's position, since React Router names both 'default'.
  await open('/privacy', 'Privacy Notice');
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeGreaterThan(600);
  expect(await scrollY()).toBe(0);

  // A reload of the same entry comes back where it was.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(scrollY).toBe(400);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  await expect.poll(scrollY).toBe(400);

  // Back to the first visit's page: its own place.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect.poll(scrollY).toBe(600);
  errors.expectNone();
});
