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

/**
 * Saves a courier's business details through the API, as the details form does: every vendor
 * page leads to that form until they exist.
 */
export async function saveBusinessDetails(request: APIRequestContext, accessToken: string, shopName: string) {
  const response = await request.patch('/api/v1/vendors/me', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      shopName,
      addressLine1: '12 Wharf Road',
      city: 'London',
      state: 'Greater London',
      postalCode: 'N1 7GR',
      country: 'GB',
      description: 'Parcels across the UK.',
    },
  });
  expect(response.ok()).toBe(true);
}
