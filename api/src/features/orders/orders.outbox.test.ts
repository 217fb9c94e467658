/**
 * Order mail through the durable outbox (lib/outbox.ts): the event commits with the change, is
 * delivered once across processes, survives a mail failure, and does not exist when the change
 * rolled back. The sweep is run explicitly (drainOutbox), never by timers.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../context';
import { orders, outbox, outboxDeliveries, outboxEvents } from '../../db/schema';
import { createDeps } from '../../deps';
import { createLogger } from '../../lib/logger';
import { backoffMs, drainOutbox } from '../../lib/outbox';
import type { Mailer } from '../../providers/mail';
import { OutboxMailer } from '../../providers/mail/outbox';
import { FlakyMailer } from '../../test/flaky-mailer';
import { createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../admin/admin.fixtures';
import { changeOrder } from './orders.change';
import { bookableDay } from './orders.testing';

let t: TestApp;
afterEach(() => t.close());

const mailTo = async (deps: AppDeps, to: string) => deps.db.select().from(outbox).where(eq(outbox.to, to));

const deliveriesOf = async (deps: AppDeps, type: string) =>
  deps.db
    .select({ delivery: outboxDeliveries })
    .from(outboxDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
    .where(eq(outboxEvents.type, type))
    .then((rows) => rows.map((r) => r.delivery));

describe('order events through the outbox', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('commits the event with the change and delivers it once, with two app instances on one database file', async () => {
    const { id, f } = await paidOrder(t, bookableDay());
    // A second process on the same file, with its own registry-fed drain.
    const other = await createDeps(t.deps.config, createLogger('silent'));
    try {
      const before = (await mailTo(t.deps, f.customerEmail)).length;
      await changeOrder(t.deps, {
        orderId: id,
        to: 'confirmed',
        actor: { id: f.vendor.owner.user.id, role: 'vendor' },
      });
      const events = await t.deps.db
        .select()
        .from(outboxEvents)
        .where(eq(outboxEvents.type, 'order.status_changed'));
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toMatchObject({
        orderId: id,
        from: 'pending',
        to: 'confirmed',
        actorRole: 'vendor',
      });
      // Not delivered on the request path: nothing is mailed until a drain runs.
      expect(await mailTo(t.deps, f.customerEmail)).toHaveLength(before);

      const runs = await Promise.all([
        drainOutbox(t.deps),
        drainOutbox(other),
        drainOutbox(t.deps),
        drainOutbox(other),
      ]);
      const delivered = runs.reduce((sum, r) => sum + r.delivered, 0);
      // Two deliveries (the customer's mail; the vendor's, which this change does not need), each once.
      expect(delivered).toBe(2);
      const mail = (await mailTo(t.deps, f.customerEmail)).slice(before);
      expect(mail).toHaveLength(1);
      expect(mail[0]?.subject).toContain('confirmed');
      const rows = await deliveriesOf(t.deps, 'order.status_changed');
      expect(rows.map((r) => [r.target, r.status, r.attempts]).sort()).toEqual([
        ['customer', 'delivered', 1],
        ['vendor', 'delivered', 1],
      ]);
      // Draining again sends nothing more.
      expect(await drainOutbox(other)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      expect((await mailTo(t.deps, f.customerEmail)).slice(before)).toHaveLength(1);
    } finally {
      other.db.$client.close();
    }
  });

  it('writes nothing when the change rolls back', async () => {
    const { id, f } = await paidOrder(t, bookableDay());
    const eventsBefore = await t.deps.db.select().from(outboxEvents);
    const deliveriesBefore = await t.deps.db.select().from(outboxDeliveries);
    const actor = { id: f.vendor.owner.user.id, role: 'vendor' as const };
    await expect(
      changeOrder(t.deps, {
        orderId: id,
        to: 'confirmed',
        actor,
        alongside: async () => {
          throw new Error('the audit write failed');
        },
      }),
    ).rejects.toThrow('the audit write failed');
    // An illegal move is refused before anything is written, too.
    await expect(changeOrder(t.deps, { orderId: id, to: 'delivered', actor })).rejects.toMatchObject({
      status: 409,
    });
    expect(await t.deps.db.select().from(outboxEvents)).toEqual(eventsBefore);
    expect(await t.deps.db.select().from(outboxDeliveries)).toEqual(deliveriesBefore);
    const order = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
    expect(order?.status).toBe('pending');
    expect(await drainOutbox(t.deps)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });
});

describe('a mail failure after the commit', () => {
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

  it("answers the change's normal status and retries the mail until it goes", async () => {
    const { id, f } = await paidOrder(t, bookableDay(now));
    const before = (await mailTo(t.deps, f.customerEmail)).length;
    mailer.down = true;
    const res = await t.patch(
      `/api/v1/vendor/orders/${id}`,
      { status: 'confirmed' },
      t.bearer(f.vendor.owner.accessToken),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('confirmed');
    // The harness drained once after the answer: the customer's delivery failed and waits.
    const [failed] = (await deliveriesOf(t.deps, 'order.status_changed')).filter(
      (d) => d.target === 'customer',
    );
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await mailTo(t.deps, f.customerEmail)).toHaveLength(before);

    // Not before its back-off: a drain now leaves it waiting.
    mailer.down = false;
    expect(await drainOutbox(t.deps)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    now = new Date(now.getTime() + backoffMs(1, () => 1) + 1);
    expect(await drainOutbox(t.deps)).toMatchObject({ delivered: 1 });
    const mail = (await mailTo(t.deps, f.customerEmail)).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('confirmed');
    const [done] = (await deliveriesOf(t.deps, 'order.status_changed')).filter(
      (d) => d.target === 'customer',
    );
    expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('gives up after a day of failures, marks the delivery failed and leaves the change standing', async () => {
    const { id, f } = await paidOrder(t, bookableDay(now));
    mailer.down = true;
    const res = await t.post(`/api/v1/orders/${id}/cancel`, { reason: 'Plans changed' }, f.auth);
    expect(res.status).toBe(200);
    for (let i = 0; i < 60; i++) {
      now = new Date(now.getTime() + 60 * 60 * 1000);
      await drainOutbox(t.deps);
    }
    const rows = await t.deps.db
      .select()
      .from(outboxDeliveries)
      .where(and(eq(outboxDeliveries.subscriber, 'order-mail'), eq(outboxDeliveries.status, 'failed')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.attempts > 1 && r.lastError?.includes('connection refused'))).toBe(true);
    const order = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
    expect(order?.status).toBe('cancelled');
  });
});

describe('backoffMs', () => {
  it('grows exponentially with jitter in its upper half, and is capped at an hour', () => {
    expect(backoffMs(1, () => 0)).toBe(5_000);
    expect(backoffMs(1, () => 1)).toBe(10_000);
    expect(backoffMs(3, () => 0.5)).toBe(30_000);
    expect(backoffMs(30, () => 1)).toBe(60 * 60 * 1000);
  });
});
