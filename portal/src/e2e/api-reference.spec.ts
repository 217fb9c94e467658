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

  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'Consign API', exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });
  // The operations from /openapi.json are listed, so the document loaded and rendered, once.
  await expect(page.getByRole('navigation', { name: 'Sidebar for Consign API' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: /The process is up/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Quotes/ }).first()).toBeVisible();
  expect(failures).toEqual([]);
  // Nothing the page needs lives elsewhere; anything it merely tried is listed here for the record.
  expect(blocked.filter((url) => /\.(js|css)(\?|$)/.test(url))).toEqual([]);
});
