import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { contactMessages, outboxDeliveries } from './db/schema';
import { type ApiProcess, startApiProcess } from './test/api-process';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
let smtp: SMTPServer;
let smtpPort: number;
let api: ApiProcess | null = null;
/** Messages the SMTP server accepted. */
let received: string[];
/** Resolves when the SMTP server has a message's data; it answers only once `release` is called. */
let holding: Promise<void>;
let release: () => void;

beforeEach(async () => {
  t = await createTestApp();
  received = [];
  let held!: () => void;
  holding = new Promise((resolve) => {
    held = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A real SMTP server on loopback, slow to accept: the mail is in flight for as long as the test says.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        held();
        void released.then(() => {
          received.push(raw);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterEach(async () => {
  release();
  await api?.stop();
  api = null;
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  t.close();
});

it('a process asked to stop finishes the mail it is sending, records it, then exits', async () => {
  api = await startApiProcess(t, null, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
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
  expect(received).toHaveLength(1);
  expect(received[0]).toContain('Where is my parcel?');
  // Recorded as delivered, so no other process sends it again once a claim would have lapsed.
  const deliveries = await t.deps.db
    .select()
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.subscriber, 'contact-mail'));
  expect(deliveries).toEqual([expect.objectContaining({ status: 'delivered', lockedUntil: null })]);
  const [message] = await t.deps.db.select().from(contactMessages);
  expect(message?.notifiedAt).toBeInstanceOf(Date);
}, 90_000);
