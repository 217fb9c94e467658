import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PNG } from './support';

/**
 * The customer profile against the real API serving the built portal: a new customer (made
 * through the API, verified with the code from the dev mailbox, so no other spec's data is
 * touched) edits the phone and address, and sees them again after a reload.
 */

const password = 'correct-horse-battery';

function uniqueEmail() {
  return `e2e-profile-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest sign-up code mailed to `email`; mail may be written a moment after the API answers. */
async function signUpCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await request.get('/api/v1/dev/mailbox');
    expect(response.ok()).toBe(true);
    const { items } = (await response.json()) as { items: { to: string; text: string }[] };
    const mail = items.find((item) => item.to === email);
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 30_000 });
  return code;
}

/** Signs a new customer up and in; the refresh cookie lands in the page's context. */
async function newCustomer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail();
  const signup = await page.request.post('/api/v1/auth/signup', {
    data: { email, password, role: 'customer', name },
  });
  expect(signup.ok()).toBe(true);
  const verify = await page.request.post('/api/v1/auth/verify-email', {
    data: {
      email,
      code: await signUpCode(page.request, email),
      registration: ((await signup.json()) as { registration: string }).registration,
    },
  });
  expect(verify.ok()).toBe(true);
  return email;
}

const detail = (page: Page, label: string) =>
  page.locator('.profile__details').getByText(label, { exact: true }).locator('xpath=following-sibling::dd');

test('a signed-in customer edits the phone and address and sees them after a reload', async ({ page }) => {
  const email = await newCustomer(page, 'Pat Profile');

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
  await expect(detail(page, 'Email')).toHaveText(email);
  await expect(detail(page, 'Phone')).toHaveText('Not set');

  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit your profile' });
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
  await form.getByLabel('Phone').fill('07700 900456');
  await form.getByLabel('Street').fill('10 Downing Street');
  await form.getByLabel('Town').fill('London');
  await form.getByLabel('Postcode').fill('sw1a2aa');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(detail(page, 'Phone')).toHaveText('07700 900456');

  await page.reload();
  await expect(detail(page, 'Phone')).toHaveText('07700 900456');
  await expect(detail(page, 'Address')).toHaveText('10 Downing Street, London, SW1A 2AA, United Kingdom');
  await expect(detail(page, 'Name')).toHaveText('Pat Profile');
});

test('a new photo is checked in the browser, then uploaded and kept', async ({ page }) => {
  await newCustomer(page, 'Sam Photo');
  await page.goto('/profile');
  const photo = page.getByLabel('Change photo');
  await photo.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please select an image file')).toBeVisible();

  await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Image uploaded')).toBeVisible();
  await page.reload();
  const image = page.getByRole('img', { name: 'Your profile photo' });
  await expect(image).toHaveAttribute('src', /^\/uploads\/.+\.png$/);
  // Served by the API: the browser could decode it.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});
