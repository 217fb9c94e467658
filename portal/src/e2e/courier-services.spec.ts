import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailedCode, saveBusinessDetails } from './support';

/**
 * A new vendor (signed up and verified through the API, signed in through the UI) adds a
 * courier service with a logo and two weight tiers, sees it in its list, and sees it quoted
 * only once an admin has activated the business.
 */

const password = 'correct-horse-battery';
const ADMIN = { email: 'admin@consign.example', password: 'consign-demo-1' };

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a size × size square of one colour. */
function makePng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function login(request: APIRequestContext, email: string, secret: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: secret } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function quotedNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.post('/api/v1/quotes', {
    data: {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 10, width: 10, height: 10, weight: 2 }],
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { options: { courierService: { name: string } }[] };
  return body.options.map((o) => o.courierService.name);
}

test('a new vendor adds a service with a logo and two tiers, lists it, and is quoted once active', async ({
  page,
  request,
}) => {
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const email = `e2e-vendor-${suffix}@example.com`;
  const serviceName = `E2E Express ${suffix}`;

  // A new vendor account, verified with the code from the outbox.
  const signup = await request.post('/api/v1/auth/signup', {
    data: { email, password, role: 'vendor', name: 'E2E Couriers' },
  });
  expect(signup.status()).toBeLessThan(300);
  const verified = await request.post('/api/v1/auth/verify-email', {
    data: {
      email,
      code: await mailedCode(request, email),
      registration: ((await signup.json()) as { registration: string }).registration,
    },
  });
  expect(verified.ok()).toBe(true);
  const vendorToken = ((await verified.json()) as { accessToken: string }).accessToken;
  await saveBusinessDetails(request, vendorToken, 'E2E Couriers');

  // Signed out, the page sends the vendor to sign in, and back here afterwards.
  await page.goto('/rate-card');
  await expect(page).toHaveURL(/\/signin\?next=%2Frate-card$/);
  const signIn = page.getByRole('form', { name: 'Log in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/rate-card$/);
  await expect(page.getByRole('heading', { name: 'Courier Services', level: 1 })).toBeVisible();
  await expect(page.getByText(/pending activation/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No courier services yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Your First Courier' }).click();

  const form = page.getByRole('form', { name: 'Add New Courier Service' });
  const submit = form.getByRole('button', { name: 'Add Courier Service' });
  // Submit is not greyed out: pressed too early, it names the missing fields and focuses the first.
  await submit.click();
  await expect(form.getByText('Enter the service name')).toBeVisible();
  await expect(form.getByText('Choose a service type', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Service name')).toBeFocused();
  await form.getByLabel('Service name').fill(serviceName);
  await form.getByLabel('Service type').selectOption('domestic');
  await expect(form.getByText('Enter the service name')).toBeHidden();

  await form
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(48, [26, 82, 184]) });
  await expect(form.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
    'src',
    /^\/uploads\/.+\.png$/,
  );

  await form.getByLabel('Max weight (kg)').fill('30');
  const tiers = form.getByRole('group', { name: /^Tier \d$/ });
  await expect(tiers).toHaveCount(1);
  await expect(form.getByRole('button', { name: /Remove tier/ })).toHaveCount(0);
  await tiers.nth(0).getByLabel('Up to (kg)').fill('5');
  await tiers.nth(0).getByLabel('Price (£)').fill('3.21');
  await form.getByRole('button', { name: 'Add Tier' }).click();
  await expect(tiers).toHaveCount(2);
  await expect(tiers.nth(1).getByLabel('Up to (kg)')).toHaveValue('1');
  await tiers.nth(1).getByLabel('Up to (kg)').fill('30');
  await tiers.nth(1).getByLabel('Price (£)').fill('4.56');
  await submit.click();

  await expect(page.getByText('Courier service added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/rate-card$/);
  const row = page.getByRole('row').filter({ hasText: serviceName });
  await expect(row).toContainText('Domestic');
  await expect(row).toContainText('Any → Any');
  await expect(row).toContainText('5kg: £3.21');
  await expect(row).toContainText('30kg: £4.56');
  await expect(row).toContainText('Active');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  // Not quoted while the business is pending.
  expect(await quotedNames(request)).not.toContain(serviceName);

  // An admin activates the business.
  const adminToken = await login(request, ADMIN.email, ADMIN.password);
  const me = await request.get('/api/v1/vendors/me', { headers: { Authorization: `Bearer ${vendorToken}` } });
  const vendorId = ((await me.json()) as { id: string }).id;
  const activated = await request.post(`/api/v1/admin/vendors/${vendorId}/activate`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { reason: 'Checks passed' },
  });
  expect(activated.ok()).toBe(true);

  // Now the results show it: the 5 kg tier, £3.21 + 20% VAT, for a 2 kg parcel.
  await page.goto('/result?type=Domestic&from=England&to=Scotland&length=10&width=10&height=10&weight=2');
  await expect(page.getByRole('heading', { name: 'Available couriers' })).toBeVisible();
  const card = page
    .getByTestId('quote-card')
    .filter({ has: page.getByRole('heading', { name: serviceName }) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('quote-price')).toHaveText('£3.85');
  await expect(card.getByText('incl. £0.64 VAT')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\//);
});
