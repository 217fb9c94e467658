import { type APIRequestContext, expect, test } from '@playwright/test';

/**
 * Staff run the marketplace from the console at /admin/: an admin signs in, opens the vendor
 * waiting for activation in the demo data, reads its details, activates it with a reason; its
 * service is then quoted, and the audit log shows the activation with that reason.
 */

const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };
// The pending demo vendor's only service is international (api/src/db/seed.ts).
const TO_FRANCE = {
  serviceType: 'international',
  from: 'GB',
  to: 'FR',
  parcels: [{ length: 20, width: 20, height: 20, weight: 2 }],
};

async function quotedServices(request: APIRequestContext) {
  const res = await request.post('/api/v1/quotes', { data: TO_FRANCE });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { options: { courierService: { name: string } }[] };
  return body.options.map((o) => o.courierService.name);
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', { data: ADMIN });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

// Other specs quote to France too: leave the demo vendor unquoted again, whatever happened here.
test.afterAll(async ({ request }) => {
  const token = await adminToken(request);
  const list = await request.get(
    `/api/v1/admin/vendors?filter=${encodeURIComponent(JSON.stringify({ q: 'Pending Parcels' }))}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  for (const vendor of (await list.json()) as { id: string; status: string }[]) {
    if (vendor.status !== 'active') continue;
    await request.post(`/api/v1/admin/vendors/${vendor.id}/suspend`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { reason: 'End of the admin browser test' },
    });
  }
});

test('a customer is refused by the console with a clear message', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByRole('textbox', { name: 'Email' }).fill('customer@consign.example');
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This console is for Consign staff')).toBeVisible({ timeout: 30_000 });
});

test('an admin activates the pending vendor with a reason; it is quoted and audited', async ({
  page,
  request,
}) => {
  expect(await quotedServices(request)).not.toContain('Pending Parcels Europe');

  await page.goto('/admin/');
  await expect(page.getByRole('heading', { name: 'Consign admin' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The dashboard counts the vendor waiting; the vendor list puts pending vendors first.
  const waiting = page.getByRole('link', { name: /Vendors waiting for activation/ });
  await expect(waiting).toContainText('1', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Quotes per day, last 30 days' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Vendors' }).click();
  const row = page.getByRole('row').filter({ hasText: 'pending@consign.example' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('row').nth(1)).toContainText('Pending');
  await row.getByText('Pending Parcels').click();

  // Its details: business, onboarding, services.
  await expect(page.getByText('Cardiff')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Awaiting activation by staff.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Onboarding answers' })).toBeVisible();
  await expect(page.getByText('Pending Parcels Europe')).toBeVisible();

  // Activate asks for a reason and will not go without one.
  await page.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(dialog.getByText('Give a reason for this change')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Insurance and ID checked');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Pending Parcels is active: its courier services can be quoted')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();

  // The marketplace sees it at once.
  expect(await quotedServices(request)).toContain('Pending Parcels Europe');

  // The audit log shows who did what, and why.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const entry = page.getByRole('row').filter({ hasText: 'vendor.activate' });
  await expect(entry).toBeVisible({ timeout: 30_000 });
  await expect(entry).toContainText('Insurance and ID checked');
  await expect(entry).toContainText('admin@consign.example');
  await expect(entry).toContainText('status: pending');
  await expect(entry).toContainText('status: active');
});
