import { expect, test } from './fixtures';

/**
 * /docs/api must render with no internet access: the viewer is served by the API itself.
 * Every request to a host other than the server under test is aborted and recorded.
 */
test('the API reference renders with the outside network blocked', async ({ page, baseURL }) => {
  const own = new URL(baseURL ?? 'http://127.0.0.1:3000').host;
  const blocked: string[] = [];
  await page.route(
    (url) => url.host !== own,
    (route) => {
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  // A script or request the CSP refuses is a console error; the viewer warns "document validation
  // errors" for any schema its stricter model refuses (docs/api.md): both fail the test.
  page.on('console', (message) => {
    if (message.type() === 'error' || /validation error/i.test(message.text())) failures.push(message.text());
  });

  // The viewer is 3.5 MB of script: on two busy cores (two CPU burners beside the suite) it has
  // taken over 30 s to parse and draw the document, so the first look waits longer.
  test.setTimeout(240_000);
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'Consign API', exact: false }).first()).toBeVisible({
    timeout: 120_000,
  });
  // The operations from /openapi.json are listed, so the document loaded and rendered, once.
  await expect(page.getByRole('navigation', { name: 'Sidebar for Consign API' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('button', { name: /The process is up/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Quotes/ }).first()).toBeVisible();
  // Scalar's hosted extras, which cannot work here, are not offered.
  for (const name of [/Ask AI/, /^Share$/, /^Deploy$/])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  expect(failures).toEqual([]);
  // Nothing the page needs lives elsewhere; anything it merely tried is listed here for the record.
  expect(blocked.filter((url) => /\.(js|css)(\?|$)/.test(url))).toEqual([]);
});
