import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { codesMailedTo, readCodeFromMailbox, uniqueEmail } from './helpers';
import { expectOpened } from './opened';

/**
 * End-to-end against the real API serving the built portal (the worker's server, fixtures.ts), with
 * the outbox mail transport so sign-up codes can be read on /dev/mailbox.
 */

const password = 'correct-horse-battery';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a new customer signs up, verifies by code, signs out and signs in again', async ({ page }) => {
  const email = uniqueEmail();

  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await expect(form.getByRole('radio', { name: /I send parcels/ })).toBeChecked();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(password);
  const register = form.getByRole('button', { name: 'Register' });
  // Terms not yet accepted: Register says so at the box instead of being greyed out.
  await register.click();
  await expect(form.getByText('Please accept the Terms and Conditions')).toBeVisible();
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await expect(form.getByText('Please accept the Terms and Conditions')).toBeHidden();
  await register.click();

  await expect(page.getByText('We’ve emailed you a 6-digit code')).toBeVisible();
  const codeField = page.getByLabel('Verification code');
  await expect(codeField).toBeVisible();

  const code = await readCodeFromMailbox(page, email);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Registration Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The access token is only in memory: a reload restores the session from the httpOnly cookie.
  await page.reload();
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain('accessToken');

  await mainNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(mainNav(page).getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.reload();
  await expect(mainNav(page).getByRole('button', { name: 'Log In' })).toBeVisible();

  await mainNav(page).getByRole('button', { name: 'Log In' }).click();
  const dialog = await expectOpened(page.getByRole('dialog', { name: 'Log In' }));
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(dialog).toBeHidden();
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
});

// Issue 44, finding 2: the owner signs up, an attacker signs up on the same address a moment
// later with their own password, and the newest code in the owner's inbox is the attacker's.
test('pre-hijack: the code step survives a reload and refuses the code of an attacker’s later sign-up', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm Password', { exact: true }).fill(password);
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Register' }).click();
  const otp = page.getByRole('form', { name: 'Enter your code' });
  await expect(otp).toBeVisible();
  const [ownersCode] = await codesMailedTo(request, email, 1);

  const attacker = await request.post('/api/v1/auth/signup', {
    data: { email, password: 'attackers-password', role: 'customer' },
  });
  expect(attacker.status()).toBe(201);
  const [, attackersCode] = await codesMailedTo(request, email, 2);

  // A reload keeps the code step, and with it this sign-up's handle.
  await page.reload();
  await expect(otp).toBeVisible();
  await expect(otp.getByText(email)).toBeVisible();

  // The owner types the newest code in their inbox: the attacker's.
  await otp.getByLabel('Verification code').fill(attackersCode!);
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(otp.getByText(/This code was sent for another sign-up of this email address/)).toBeVisible();
  await expect(otp.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'e2e-screenshots/otp-other-signup.png' });
  await expect(mainNav(page).getByRole('button', { name: 'Log In' })).toBeVisible();

  // Their own code makes the account, with their own password; the attacker's does not sign in.
  await otp.getByLabel('Verification code').fill(ownersCode!);
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Registration Successful')).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  const attackersLogin = await request.post('/api/v1/auth/login', {
    data: { email, password: 'attackers-password' },
  });
  expect(attackersLogin.status()).toBe(401);
  const ownersLogin = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(ownersLogin.status()).toBe(200);
  // Verified: a reload no longer shows the code step.
  await page.goto('/signup');
  await expect(page.getByRole('form', { name: 'Enter your code' })).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test('a wrong password is refused with a toast', async ({ page }) => {
  await page.goto('/signin');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(uniqueEmail());
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid Credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Compare UK courier quotes' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side menu opens, closes with Escape and on a link', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(mainNav(page)).toBeHidden();
    await toggle.click();
    const menu = await expectOpened(page.getByRole('navigation', { name: 'Mobile' }));
    await expect(menu.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expectOpened(menu);
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
  });
});
