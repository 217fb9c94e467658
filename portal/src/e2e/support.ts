/** Helpers the browser tests share: codes from the dev mailbox. */
import { type APIRequestContext, expect } from '@playwright/test';

/** The newest 6-digit code mailed to `email`, read from the outbox's dev mailbox (retried until it arrives). */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(response.ok()).toBe(true);
    const { items } = (await response.json()) as { items: { subject: string; text: string }[] };
    const match = items
      .map((m) => /(?<![\d-])(\d{6})(?![\d-])/.exec(`${m.subject}\n${m.text}`))
      .find(Boolean);
    expect(match).toBeTruthy();
    code = match![1]!;
  }).toPass({ timeout: 30_000 });
  return code;
}
