import { expect, type Page } from '@playwright/test';

/** Shared steps of the browser tests. */

export function uniqueEmail() {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Reads the newest code sent to `email`, in a separate tab so the form keeps its state. */
export async function readCodeFromMailbox(page: Page, email: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    await expect(mailbox.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
    await mailbox.getByLabel('Filter by recipient').fill(email);
    const item = mailbox
      .getByRole('list', { name: 'Emails, newest first' })
      .getByRole('button')
      .filter({ hasText: email })
      .first();
    // Mail may be written a moment after the API answers: refresh until it shows.
    await expect(async () => {
      if (!(await item.isVisible())) await mailbox.getByRole('button', { name: 'Refresh' }).click();
      await expect(item).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await item.click();
    const code = (await mailbox.getByTestId('mail-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    return code;
  } finally {
    await mailbox.close();
  }
}
