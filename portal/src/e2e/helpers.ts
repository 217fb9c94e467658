import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** The codes mailed to `email`, oldest first (read from the dev mailbox as the owner's inbox). */
export async function codesMailedTo(
  request: APIRequestContext,
  email: string,
  count: number,
): Promise<string[]> {
  let codes: string[] = [];
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    codes = items
      .filter((m) => /verification code/.test(m.subject))
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '')
      .reverse();
    expect(codes).toHaveLength(count);
  }).toPass({ timeout: 30_000 });
  return codes;
}
