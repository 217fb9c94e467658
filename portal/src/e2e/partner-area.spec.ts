import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { DESKTOP, PHONE, watchForErrors } from './a11y';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import { receiver, signatureValid } from './webhook-receiver';

/**
 * The partner area walked as people use it: staff invite someone to the demo partner from the
 * console; the invited person opens the set-password link from the dev mailbox, chooses a
 * password and lands on /partner; there they create a secret key, add a webhook endpoint that
 * points at a receiver this test runs on 127.0.0.1, send a test event, see it in the delivery
 * log and replay it, and read the partner guide the area links to. The receiver checks every
 * signature byte for byte.
 */

const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
const PARTNER = 'Demo Partner Shop';
const PASSWORD = 'partner-horse-battery';
const SCREENSHOTS = new URL('../../e2e-screenshots/', import.meta.url);

const errorBoundary = (page: Page) =>
  page
    .getByRole('heading', { name: 'Oops! Something went wrong' })
    .or(page.getByText('Something went wrong'));

async function staffInvite(page: Page, email: string, name: string) {
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Partners' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Partners', exact: true }).click();
  await page.getByRole('cell', { name: PARTNER, exact: true }).first().click();
  await expect(page.getByText('People', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = await expectOpened(page.getByRole('dialog', { name: `Invite someone to ${PARTNER}` }));
  // Checked before it is sent: a wrong address is named under its field.
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write a full email address, such as sam@shop.example');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The new person is listed at once, still to choose a password.
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited, no password yet');
  await expect(errorBoundary(page)).toHaveCount(0);
}

/** The invited person, in their own browser: the mailbox, the link, the password. */
async function acceptInvite(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = watchForErrors(page);
  await page.goto('/dev/mailbox');
  await page.getByLabel('Filter by recipient').fill(email);
  const item = page
    .getByRole('list', { name: 'Emails, newest first' })
    .getByRole('button')
    .filter({ hasText: email })
    .first();
  // Mail is written by the outbox sweep a moment after the API answers: refresh until it shows.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(item).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
  await page.getByRole('link', { name: /\/set-password\?token=/ }).click();

  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('something-else');
  await page.getByRole('textbox', { name: 'Confirm Password' }).blur();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL(/\/partner$/);
  await expect(page.getByRole('heading', { level: 1, name: PARTNER })).toBeVisible();
  return { context, page, errors };
}

test('staff invite a partner’s person, who sets a password, makes a secret key and a webhook, tests and replays it', async ({
  page,
  browser,
}) => {
  test.slow();
  const hook = await receiver();
  try {
    const email = `e2e-partner-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
    const staffErrors = watchForErrors(page);
    await staffInvite(page, email, 'Pat Partner');
    staffErrors.expectNone();

    const person = await acceptInvite(browser, email);
    const p = person.page;
    try {
      // The overview is drawn, with the figures also as a table.
      await expect(p.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
      await expect(p.getByRole('img', { name: /Quotes and bookings per day from/ })).toBeVisible();
      await p.getByRole('button', { name: 'Show as a table' }).first().click();
      await expect(p.getByRole('table', { name: 'Quotes and bookings per day, by day' })).toBeVisible();
      await expect(
        p.getByRole('table', { name: 'Quotes and bookings per day, by day' }).getByRole('row'),
      ).toHaveCount(31);
      await p.getByRole('button', { name: 'Show as a chart' }).click();
      await expect(p.getByRole('textbox', { name: 'Allowed origin 1' })).not.toHaveValue('');

      // A secret key, shown once.
      await p.getByRole('button', { name: 'Create secret key' }).click();
      const keyDialog = await expectOpened(p.getByRole('dialog', { name: 'Your new secret key' }));
      await expect(keyDialog).toContainText('this is the only time it is shown');
      const secretKey = await keyDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
      expect(secretKey).toMatch(/^sk_test_/);
      await keyDialog.getByRole('button', { name: 'I have stored it safely' }).click();
      await expect(keyDialog).toBeHidden();
      const keys = p.getByRole('table', { name: 'Your secret keys' });
      await expect(keys.getByRole('row').filter({ hasText: secretKey.slice(0, 12) })).toContainText('Active');

      // A webhook endpoint at the receiver, for every event.
      await p.getByRole('button', { name: 'Add endpoint' }).click();
      const form = await expectOpened(p.getByRole('dialog', { name: 'Add a webhook endpoint' }));
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(form.getByText('Write the address Consign should send events to')).toBeVisible();
      await expect(form.getByText('Choose at least one event')).toBeVisible();
      await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(hook.url);
      await form.getByRole('checkbox', { name: 'All events' }).check();
      await expect(form.getByRole('checkbox', { name: /booking:completed/ })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: /booking:completed/ })).toBeDisabled();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const secretDialog = await expectOpened(
        p.getByRole('dialog', { name: "Your endpoint's signing secret" }),
      );
      const signingSecret = await secretDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
      expect(signingSecret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'I have stored it safely' }).click();
      const endpoint = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: hook.url }) });
      await expect(endpoint).toContainText('Enabled');

      // A test event reaches the receiver, signed, and shows in the log as delivered.
      await endpoint.getByRole('button', { name: 'Send test event' }).click();
      await expect(p.getByText('Test event sent')).toBeVisible();
      const log = endpoint.getByRole('table', { name: 'Delivery attempts, newest first' });
      const delivered = log.getByRole('row').filter({ hasText: 'ping' }).filter({ hasText: 'Delivered' });
      await expect(delivered).toHaveCount(1, { timeout: 60_000 });
      await expect(delivered).toContainText('200');
      await expect(delivered).toContainText('received by the e2e receiver');
      expect(hook.received).toHaveLength(1);
      const first = hook.received[0]!;
      expect(signatureValid(first, signingSecret)).toBe(true);
      expect(JSON.parse(first.body)).toMatchObject({ type: 'ping' });
      expect(first.headers['consign-event-id']).toBe(JSON.parse(first.body).id);

      // Replayed: the same event again, with the same id, and a second row in the log.
      await delivered.getByRole('button', { name: /^Replay ping/ }).click();
      await expect(p.getByText('ping sent again')).toBeVisible();
      await expect(
        log.getByRole('row').filter({ hasText: 'ping' }).filter({ hasText: 'Delivered' }),
      ).toHaveCount(2, {
        timeout: 60_000,
      });
      expect(hook.received).toHaveLength(2);
      const second = hook.received[1]!;
      expect(signatureValid(second, signingSecret)).toBe(true);
      expect(second.headers['consign-event-id']).toBe(first.headers['consign-event-id']);

      // The orders list answers (the demo partner's orders, or the empty state).
      await expect(
        p.getByRole('table', { name: /Orders booked through your widget/ }).or(p.getByText('No orders yet')),
      ).toBeVisible();

      await expect(errorBoundary(p)).toHaveCount(0);
      person.errors.expectNone();

      // Pictures for a person to look at, at desktop and phone widths; nothing wider than the phone.
      await mkdir(SCREENSHOTS, { recursive: true });
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.screenshot({ path: new URL('partner-area-desktop.png', SCREENSHOTS).pathname, fullPage: true });
      for (const size of [PHONE, { width: 320, height: 700 }]) {
        await p.setViewportSize(size);
        await expect(p.getByRole('heading', { level: 1, name: PARTNER })).toBeVisible();
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `page wider than ${size.width} px`).toBeLessThanOrEqual(0);
      }
      await p.setViewportSize(PHONE);
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.screenshot({ path: new URL('partner-area-phone.png', SCREENSHOTS).pathname, fullPage: true });
      person.errors.expectNone();

      // The partner guide is a page of the product, linked from the partner area: readable at
      // every width, and its CSP lets nothing be refused (a refusal is a console error).
      await p.setViewportSize(DESKTOP);
      await p
        .getByRole('navigation', { name: 'Partner area' })
        .getByRole('link', { name: 'Partner guide' })
        .click();
      await expect(p).toHaveURL(/\/docs\/partners$/);
      await expect(p).toHaveTitle(/^Partners: the partner area, secret keys, the server API and webhooks/);
      await expect(p.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
      await expect(p.getByRole('heading', { level: 3, name: 'Verifying a webhook in Node' })).toBeVisible();
      const stylesheetApplied = await p.evaluate(
        () => getComputedStyle(document.querySelector('main')!).maxWidth,
      );
      expect(stylesheetApplied).not.toBe('none');
      await p.screenshot({ path: new URL('partner-guide-desktop.png', SCREENSHOTS).pathname });
      // Its links lead on: to another guide (the widget), and to the API reference.
      await expect(
        p.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: 'API reference' }),
      ).toHaveAttribute('href', '/docs/api');
      await p.getByRole('main').getByRole('link', { name: 'widget.md' }).first().click();
      await expect(p).toHaveURL(/\/docs\/widget$/);
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      await p.goBack();
      for (const size of [PHONE, { width: 320, height: 700 }]) {
        await p.setViewportSize(size);
        await expect(p.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
        const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `guide wider than ${size.width} px`).toBeLessThanOrEqual(0);
      }
      await p.setViewportSize(PHONE);
      await p.screenshot({ path: new URL('partner-guide-phone.png', SCREENSHOTS).pathname });
      await p.getByRole('link', { name: '← Consign' }).click();
      await expect(p).not.toHaveURL(/\/docs/);
      person.errors.expectNone();
    } finally {
      await person.context.close();
    }
  } finally {
    await hook.close();
  }
});
