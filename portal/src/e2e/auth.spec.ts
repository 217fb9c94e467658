import { expect, type Page, test } from '@playwright/test';
import { readCodeFromMailbox, uniqueEmail } from './helpers';

/**
 * End-to-end against the real API serving the built portal (E2E_BASE_URL, default :3000), with
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
  await expect(register).toBeDisabled(); // terms not yet accepted
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await register.click();

  await expect(page.getByText('Please check your email for OTP')).toBeVisible();
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
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(dialog).toBeHidden();
  await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
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
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(menu).toBeHidden();
  });
});
