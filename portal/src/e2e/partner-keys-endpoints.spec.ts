import { mkdir } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDateTime } from '../lib/format';
import { DESKTOP, PHONE, watchForErrors } from './a11y';
import { expect, test } from './fixtures';
import { expectOpened } from './opened';
import { receiver } from './webhook-receiver';

/**
 * The partner area's key and endpoint management, walked by the demo partner's own person:
 * rotate a secret key (the old one keeps working until the grace end the dialog states, the new
 * one is shown once), revoke a key (and the API refuses it), edit a webhook endpoint's URL and
 * events, disable and re-enable it, and delete it through its confirmation dialog. What the page
 * shows is checked against what the API answers to the keys themselves. Every row this test
 * touches is its own (found by key prefix or endpoint URL), whatever other specs left behind.
 */

const PARTNER = { email: 'partner@consign.example', password: 'consign-demo-1' };
const SCREENSHOTS = new URL('../../e2e-screenshots/', import.meta.url);

type SecretKey = { id: string; prefix: string; status: string; expiresAt: string | null };
type Endpoint = { id: string; url: string; events: string[]; enabled: boolean };

const errorBoundary = (page: Page) =>
  page
    .getByRole('heading', { name: 'Oops! Something went wrong' })
    .or(page.getByText('Something went wrong'));

/** A server-to-server call with a secret key: no Origin header, as from the partner's server. */
const withKey = (request: APIRequestContext, key: string, path: string) =>
  request.get(`/api/v1/partner${path}`, { headers: { Authorization: `Bearer ${key}` } });

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname });
}

test('a partner rotates and revokes secret keys, then edits, disables, re-enables and deletes a webhook endpoint', async ({
  page,
  request,
}) => {
  test.slow();
  const hook = await receiver();
  const errors = watchForErrors(page);
  try {
    const login = await page.request.post('/api/v1/auth/login', { data: PARTNER });
    expect(login.ok()).toBe(true);
    await page.setViewportSize(DESKTOP);
    await page.goto('/partner');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Partner Shop' })).toBeVisible();
    const keys = page.getByRole('table', { name: 'Your secret keys' });
    const keyRow = (prefix: string) => keys.getByRole('row').filter({ hasText: `${prefix}…` });

    // A key to rotate, shown once.
    await page.getByRole('button', { name: 'Create secret key' }).click();
    const created = await expectOpened(page.getByRole('dialog', { name: 'Your new secret key' }));
    const oldKey = await created.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(oldKey).toMatch(/^sk_test_/);
    await created.getByRole('button', { name: 'I have stored it safely' }).click();
    await expect(created).toBeHidden();
    const oldPrefix = oldKey.slice(0, 12);
    await expect(keyRow(oldPrefix)).toContainText('Active');
    expect((await withKey(request, oldKey, '/orders')).status()).toBe(200);

    // Rotate it, keeping the old key for 3 days: the dialog offers the choices, Cancel leaves it be.
    await keyRow(oldPrefix)
      .getByRole('button', { name: `Rotate key ${oldPrefix}` })
      .click();
    let rotateDialog = await expectOpened(page.getByRole('dialog', { name: `Rotate key ${oldPrefix}…` }));
    await expect(rotateDialog.getByRole('radio', { name: '1 day' })).toBeChecked();
    await rotateDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rotateDialog).toBeHidden();
    await expect(keyRow(oldPrefix)).toContainText('Active');
    await keyRow(oldPrefix)
      .getByRole('button', { name: `Rotate key ${oldPrefix}` })
      .click();
    rotateDialog = await expectOpened(page.getByRole('dialog', { name: `Rotate key ${oldPrefix}…` }));
    await rotateDialog.getByRole('radio', { name: '3 days' }).check();
    await shot(page, 'partner-rotate-dialog-desktop');
    const before = Date.now();
    await rotateDialog.getByRole('button', { name: 'Rotate key' }).click();

    const rotated = await expectOpened(page.getByRole('dialog', { name: 'Your new secret key' }));
    const newKey = await rotated.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(newKey).toMatch(/^sk_test_/);
    expect(newKey).not.toBe(oldKey);
    const newPrefix = newKey.slice(0, 12);
    // The grace end the dialog states is the one the API keeps, about 72 hours from now.
    const listed = (await (await withKey(request, newKey, '/secret-keys')).json()) as { data: SecretKey[] };
    const previous = listed.data.find((k) => k.prefix === oldPrefix)!;
    expect(previous.status).toBe('expiring');
    const graceEnd = Date.parse(previous.expiresAt!);
    expect(graceEnd - before).toBeGreaterThan(71.9 * 3_600_000);
    expect(graceEnd - Date.now()).toBeLessThanOrEqual(72 * 3_600_000);
    await expect(rotated).toContainText(
      `The old key ${oldPrefix}… keeps working until ${formatDateTime(previous.expiresAt!)}. Deploy the new one before then.`,
    );
    await shot(page, 'partner-rotated-key-desktop');
    await rotated.getByRole('button', { name: 'I have stored it safely' }).click();
    await expect(rotated).toBeHidden();
    // Shown once: the full key is nowhere on the page any more, only its prefix.
    expect(await page.content()).not.toContain(newKey);
    await expect(keyRow(newPrefix)).toContainText('Active');
    await expect(keyRow(oldPrefix)).toContainText('Expiring');
    await expect(keyRow(oldPrefix)).toContainText(formatDateTime(previous.expiresAt!));
    // An expiring key cannot be rotated again, only revoked.
    await expect(keyRow(oldPrefix).getByRole('button', { name: /^Rotate/ })).toHaveCount(0);
    // Both keys work during the grace period.
    expect((await withKey(request, oldKey, '/orders')).status()).toBe(200);
    expect((await withKey(request, newKey, '/orders')).status()).toBe(200);

    // Revoke the old key early, through the confirmation dialog (Cancel first changes nothing).
    await keyRow(oldPrefix)
      .getByRole('button', { name: `Revoke key ${oldPrefix}` })
      .click();
    let revokeDialog = await expectOpened(page.getByRole('dialog', { name: `Revoke key ${oldPrefix}…?` }));
    await expect(revokeDialog).toContainText('This cannot be undone');
    await revokeDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(revokeDialog).toBeHidden();
    expect((await withKey(request, oldKey, '/orders')).status()).toBe(200);
    await keyRow(oldPrefix)
      .getByRole('button', { name: `Revoke key ${oldPrefix}` })
      .click();
    revokeDialog = await expectOpened(page.getByRole('dialog', { name: `Revoke key ${oldPrefix}…?` }));
    await shot(page, 'partner-revoke-dialog-desktop');
    await revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(revokeDialog).toBeHidden();
    await expect(page.getByText(`Key ${oldPrefix}… revoked: it no longer works`)).toBeVisible();
    await expect(keyRow(oldPrefix)).toContainText('Revoked');
    await expect(keyRow(oldPrefix).getByRole('button')).toHaveCount(0);
    const refused = await withKey(request, oldKey, '/orders');
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toContain('application/problem+json');
    expect((await withKey(request, newKey, '/orders')).status()).toBe(200);

    // An endpoint to manage, for every event.
    const firstUrl = `${hook.url}/orders`;
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const addForm = await expectOpened(page.getByRole('dialog', { name: 'Add a webhook endpoint' }));
    await addForm.getByRole('textbox', { name: 'Endpoint URL' }).fill(firstUrl);
    await addForm.getByRole('checkbox', { name: 'All events' }).check();
    await addForm.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = await expectOpened(
      page.getByRole('dialog', { name: "Your endpoint's signing secret" }),
    );
    await expect(secretDialog.getByRole('textbox', { name: 'Secret' })).toHaveValue(/^whsec_/);
    // The guide the dialog names is a link to its section.
    await expect(secretDialog.getByRole('link', { name: 'partner guide' })).toHaveAttribute(
      'href',
      '/docs/partners#verifying-a-webhook-in-node',
    );
    await secretDialog.getByRole('button', { name: 'I have stored it safely' }).click();
    const card = (url: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: url, exact: true }) });
    await expect(card(firstUrl)).toContainText('Enabled');
    await expect(card(firstUrl)).toContainText('Events: all events');
    const endpointBy = async (url: string) => {
      const res = await withKey(request, newKey, '/webhook-endpoints');
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: Endpoint[] }).data.find((e) => e.url === url);
    };
    const id = (await endpointBy(firstUrl))!.id;

    // Edit its URL and events: the form opens with what is saved, and a bad URL is named.
    const editedUrl = `${hook.url}/consign-events`;
    await card(firstUrl).getByRole('button', { name: 'Edit' }).click();
    const editForm = await expectOpened(page.getByRole('dialog', { name: 'Edit webhook endpoint' }));
    await expect(editForm.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue(firstUrl);
    await expect(editForm.getByRole('checkbox', { name: 'All events' })).toBeChecked();
    await editForm.getByRole('textbox', { name: 'Endpoint URL' }).fill('not a url');
    await editForm.getByRole('checkbox', { name: 'All events' }).uncheck();
    await editForm.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(
      editForm.getByText('Write a full address, such as https://shop.example/webhooks/consign'),
    ).toBeVisible();
    await expect(editForm.getByText('Choose at least one event')).toBeVisible();
    await editForm.getByRole('textbox', { name: 'Endpoint URL' }).fill(editedUrl);
    await editForm.getByRole('checkbox', { name: /^booking:completed/ }).check();
    await editForm.getByRole('checkbox', { name: /^order\.refunded/ }).check();
    await shot(page, 'partner-edit-endpoint-desktop');
    await editForm.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(editForm).toBeHidden();
    await expect(page.getByText('Endpoint saved')).toBeVisible();
    await expect(card(editedUrl)).toContainText('Events: booking:completed, order.refunded');
    await expect(card(firstUrl)).toHaveCount(0);
    expect(await endpointBy(editedUrl)).toMatchObject({
      id,
      events: ['booking:completed', 'order.refunded'],
      enabled: true,
    });

    // Disable it: no test events while it is off; then enable it again.
    await card(editedUrl).getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Endpoint disabled: events wait until you enable it')).toBeVisible();
    await expect(card(editedUrl)).toContainText('Disabled');
    await expect(card(editedUrl).getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(await endpointBy(editedUrl)).toMatchObject({ id, enabled: false });
    await card(editedUrl).getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText('Endpoint enabled: events it missed are being sent')).toBeVisible();
    await expect(card(editedUrl)).toContainText('Enabled');
    await expect(card(editedUrl).getByRole('button', { name: 'Send test event' })).toBeEnabled();
    expect(await endpointBy(editedUrl)).toMatchObject({ id, enabled: true });

    // At phone width the dialogs fit too.
    await page.setViewportSize(PHONE);
    await card(editedUrl).getByRole('button', { name: 'Edit' }).click();
    await expectOpened(page.getByRole('dialog', { name: 'Edit webhook endpoint' }));
    await shot(page, 'partner-edit-endpoint-phone');
    await page
      .getByRole('dialog', { name: 'Edit webhook endpoint' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await keyRow(newPrefix)
      .getByRole('button', { name: `Rotate key ${newPrefix}` })
      .click();
    await expectOpened(page.getByRole('dialog', { name: `Rotate key ${newPrefix}…` }));
    await shot(page, 'partner-rotate-dialog-phone');
    await page
      .getByRole('dialog', { name: `Rotate key ${newPrefix}…` })
      .getByRole('button', { name: 'Cancel' })
      .click();

    // Delete it, through its confirmation dialog (Cancel first keeps it).
    await card(editedUrl).getByRole('button', { name: 'Delete' }).click();
    let deleteDialog = await expectOpened(page.getByRole('dialog', { name: 'Delete this endpoint?' }));
    await expect(deleteDialog).toContainText(editedUrl);
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(card(editedUrl)).toHaveCount(1);
    await card(editedUrl).getByRole('button', { name: 'Delete' }).click();
    deleteDialog = await expectOpened(page.getByRole('dialog', { name: 'Delete this endpoint?' }));
    await shot(page, 'partner-delete-dialog-phone');
    await deleteDialog.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(page.getByText('Endpoint deleted: it gets no more events')).toBeVisible();
    await expect(card(editedUrl)).toHaveCount(0);
    expect(await endpointBy(editedUrl)).toBeUndefined();
    expect((await withKey(request, newKey, `/webhook-endpoints/${id}`)).status()).toBe(404);

    // Nothing is wider than the phone, and nothing went wrong on the way.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(errorBoundary(page)).toHaveCount(0);
    errors.expectNone();
  } finally {
    await hook.close();
  }
});
