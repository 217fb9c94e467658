/**
 * The vendor's activation and suspension mail goes through the outbox: staff get their answer
 * even when the mail server is down, and the mail follows once it is back.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox, outboxDeliveries } from '../../../db/schema';
import { createLogger } from '../../../lib/logger';
import { backoffMs, drainOutbox } from '../../../lib/outbox';
import type { Mailer } from '../../../providers/mail';
import { OutboxMailer } from '../../../providers/mail/outbox';
import { FlakyMailer } from '../../../test/flaky-mailer';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin.fixtures';

let t: TestApp;
let mailer: FlakyMailer;
let now: Date;
beforeEach(async () => {
  let real: Mailer | undefined;
  mailer = new FlakyMailer(() => {
    real ??= new OutboxMailer(t.deps.db, createLogger('silent'), (a) => a);
    return real;
  });
  t = await createTestApp({}, { mailer });
  now = new Date();
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** The vendor-account mail one address received (sign-up sent it others). */
const mailTo = async (to: string) =>
  (await t.deps.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) =>
    m.subject.startsWith('Your Consign vendor account'),
  );

describe('vendor status mail', () => {
  it('answers the activation while the mail server is down, then sends the mail once it is back', async () => {
    const admin = await signUpAdmin(t);
    const vendor = await signUpVendor(t, 'down@example.com');
    mailer.down = true;
    const res = await t.post(
      `/api/v1/admin/vendors/${vendor.vendorId}/activate`,
      { reason: 'Documents checked' },
      t.bearer(admin.accessToken),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('active');
    expect(await mailTo('down@example.com')).toEqual([]);
    const [waiting] = await t.deps.db
      .select()
      .from(outboxDeliveries)
      .where(eq(outboxDeliveries.subscriber, 'vendor-status-mail'));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });

    mailer.down = false;
    now = new Date(now.getTime() + backoffMs(1, () => 1) + 1);
    expect(await drainOutbox(t.deps)).toMatchObject({ delivered: 1 });
    const mail = await mailTo('down@example.com');
    expect(mail.map((m) => m.subject)).toEqual(['Your Consign vendor account is active']);
    // Issue 51, item 3: the button opens the courier's dashboard, not the customer's.
    expect(mail[0]?.text).toContain(`Open your dashboard: ${t.deps.config.publicUrl}/vendor-dashboard\n`);
    expect(mail[0]?.html).toContain(`href="${t.deps.config.publicUrl}/vendor-dashboard"`);
  });

  it('links the mail to the origin staff acted from when it is this machine, else to PUBLIC_URL', async () => {
    // Issue 51, item 3: email links follow the origin rules (lib/origin), through the outbox too.
    const admin = await signUpAdmin(t);
    const local = await signUpVendor(t, 'local@example.com');
    const foreign = await signUpVendor(t, 'foreign@example.com');
    const activate = (vendorId: string, origin: string) =>
      t.post(
        `/api/v1/admin/vendors/${vendorId}/activate`,
        { reason: 'Checked' },
        { ...t.bearer(admin.accessToken), Origin: origin },
      );
    expect((await activate(local.vendorId, 'http://127.0.0.1:5173')).status).toBe(200);
    expect((await activate(foreign.vendorId, 'https://evil.example')).status).toBe(200);
    await drainOutbox(t.deps);
    const [localMail] = await mailTo('local@example.com');
    expect(localMail?.text).toContain('Open your dashboard: http://127.0.0.1:5173/vendor-dashboard\n');
    expect(localMail?.html).toContain('href="http://127.0.0.1:5173/vendor-dashboard"');
    const [foreignMail] = await mailTo('foreign@example.com');
    expect(foreignMail?.text).toContain(`Open your dashboard: ${t.deps.config.publicUrl}/vendor-dashboard\n`);
  });

  it("quotes staff's reason in the suspension mail, sent after the answer", async () => {
    const admin = await signUpAdmin(t);
    const vendor = await signUpVendor(t, 'suspended@example.com');
    const auth = t.bearer(admin.accessToken);
    await t.post(`/api/v1/admin/vendors/${vendor.vendorId}/activate`, { reason: 'Checked' }, auth);
    const res = await t.post(
      `/api/v1/admin/vendors/${vendor.vendorId}/suspend`,
      { reason: 'Insurance certificate expired' },
      auth,
    );
    expect(res.status).toBe(200);
    const mail = await mailTo('suspended@example.com');
    expect(mail.map((m) => m.subject)).toEqual([
      'Your Consign vendor account is active',
      'Your Consign vendor account is suspended',
    ]);
    expect(mail[1]?.text).toContain('Insurance certificate expired');
  });
});
