import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { contactMessages, outboxDeliveries } from './db/schema';
import { type ApiProcess, startApiProcess } from './test/api-process';
import { createTestApp, type TestApp } from './test/harness';
import { type LoopbackSmtp, startSmtpServer } from './test/smtp-server';

let t: TestApp;
let smtp: LoopbackSmtp;
let api: ApiProcess | null = null;
/** Resolves when the SMTP server has a message's data; it answers only once `release` is called. */
let holding: Promise<void>;
let release: () => void;

beforeEach(async () => {
  t = await createTestApp();
  let held!: () => void;
  holding = new Promise((resolve) => {
    held = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Slow to accept: the mail is in flight for as long as the test says.
  smtp = await startSmtpServer({
    beforeAccepting: () => {
      held();
      return released;
    },
  });
});

afterEach(async () => {
  release();
  await api?.stop();
  api = null;
  await smtp.close();
  t.close();
});

it('a process asked to stop finishes the mail it is sending, records it, then exits', async () => {
  api = await startApiProcess(t, null, { SMTP_URL: smtp.url });
  const sent = await fetch(`${api.url}/api/v1/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Jo Bloggs',
      phone: '+44 20 7946 0000',
      email: 'jo@example.com',
      message: 'Where is my parcel?',
    }),
  });
  expect(sent.status).toBe(202);
  // The process's outbox sweep has taken the delivery and is sending its mail.
  await holding;

  const stopping = api.stop();
  const first = await Promise.race([
    api.exited.then(() => 'exited while its mail was being sent'),
    api.logged('finishing background work').then(() => 'waiting for its mail'),
  ]);
  expect(first).toBe('waiting for its mail');
  release();
  await stopping;

  expect(await api.exited).toBe(0);
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]?.raw).toContain('Where is my parcel?');
  // Recorded as delivered, so no other process sends it again once a claim would have lapsed.
  const deliveries = await t.deps.db
    .select()
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.subscriber, 'contact-mail'));
  expect(deliveries).toEqual([expect.objectContaining({ status: 'delivered', lockedUntil: null })]);
  const [message] = await t.deps.db.select().from(contactMessages);
  expect(message?.notifiedAt).toBeInstanceOf(Date);
}, 90_000);
