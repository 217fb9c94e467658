/**
 * The durable outbox (docs/architecture.md §5): the one way anything happens after a change and off the
 * request path. A change writes its events with `publish(tx, …)` in its own transaction, so an
 * event exists exactly when the change committed; subscribers (mail, recipient updates, partner
 * webhooks, reviews) receive them from `drainOutbox`, run by a sweep in every
 * process and by tests explicitly.
 *
 * - Once across processes: each delivery is claimed by a conditional update (one process wins;
 *   the others skip it), held for CLAIM_MS; a holder that died lets go when the claim lapses, so
 *   delivery is at least once, and once when nothing crashes.
 * - One failure policy: a failed delivery is retried with jittered exponential back-off until
 *   the subscriber's `retryForMs` has passed since the event, then marked failed and logged
 *   (ids and the error's class, no personal data).
 * - Extensible without changing this file: a subscriber names its event types and may fan an
 *   event out to several targets (`targets`), each delivered and retried on its own.
 */
import { and, asc, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../db/client';
import { outboxDeliveries, outboxEvents } from '../db/schema';
import type { Logger } from './logger';
import { currentLinkOrigin, withLinkOrigin } from './origin';
import { type Sweep, startSweep } from './sweep';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The envelope every subscriber receives. */
export type OutboxEvent<T = Record<string, unknown>> = {
  id: string;
  type: string;
  /** ISO 8601. */
  created: string;
  data: T;
};

/** What the outbox needs of the process; AppDeps has it, and is what subscribers receive. */
export type OutboxDeps = { db: Database; logger: Logger; now: () => Date };

/** What the outbox tells a subscriber of the attempt it is making. */
export type DeliveryAttempt = { number: number };

/**
 * Thrown by `deliver` to park a delivery without counting an attempt (a partner's disabled
 * webhook endpoint); it stays `held` until `redeliver` releases it.
 */
export class HoldDelivery extends Error {
  override name = 'HoldDelivery';
}

export interface Subscriber<D extends OutboxDeps = OutboxDeps> {
  /** Unique and stable: it is stored with each delivery. */
  name: string;
  /** The event types it receives; `order.*` is every type that starts with `order.`. */
  types: readonly string[];
  /**
   * Where one event goes, worked out in the publishing transaction (a partner's endpoints,
   * a parcel's recipients); one delivery per target. Default: one delivery, target ''.
   */
  targets?(tx: Tx, event: OutboxEvent): Promise<string[]>;
  /** How long after the event a failing delivery is retried (default a day). */
  retryForMs?: number;
  /** Throws to have the delivery retried. Must tolerate running twice for one event. */
  deliver(deps: D, event: OutboxEvent, target: string, attempt: DeliveryAttempt): Promise<void>;
}

/** Whether a subscriber's `types` take an event type: exact names, or `prefix.*`. */
export function takesType(types: readonly string[], type: string): boolean {
  return types.some((t) => t === type || (t.endsWith('.*') && type.startsWith(t.slice(0, -1))));
}

export const DEFAULT_RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** How long a process holds a delivery it started before another may take it over. */
export const CLAIM_MS = 5 * 60 * 1000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;

// biome-ignore lint/suspicious/noExplicitAny: subscribers are registered for the app's deps, whatever they are.
const subscribers = new Map<string, Subscriber<any>>();

/** Called at start-up by the composition root; registering a name again replaces it. */
export function registerSubscriber<D extends OutboxDeps>(subscriber: Subscriber<D>): void {
  subscribers.set(subscriber.name, subscriber);
}

/**
 * Writes an event and its deliveries inside the caller's transaction: they commit or roll back
 * with the change they report.
 */
export async function publish(
  tx: Tx,
  type: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<OutboxEvent> {
  const event: OutboxEvent = { id: uuidv7(), type, created: now.toISOString(), data };
  await tx
    .insert(outboxEvents)
    .values({ id: event.id, type, created: now, data, linkOrigin: currentLinkOrigin() });
  for (const subscriber of subscribers.values()) {
    if (!takesType(subscriber.types, type)) continue;
    const targets = subscriber.targets ? await subscriber.targets(tx, event) : [''];
    for (const target of new Set(targets)) {
      await tx
        .insert(outboxDeliveries)
        .values({ eventId: event.id, subscriber: subscriber.name, target, nextAttemptAt: now });
    }
  }
  return event;
}

/** The wait before attempt `attempts + 1`: exponential, capped, with full jitter in its upper half. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type DrainSummary = { delivered: number; retrying: number; failed: number };

/**
 * Delivers what is due, oldest event first, and returns when nothing due is left (or `limit`
 * deliveries were tried, or `signal` aborted: the delivery in hand is finished first). Safe to run
 * at once in several processes.
 */
export async function drainOutbox<D extends OutboxDeps>(
  deps: D,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<DrainSummary> {
  const summary: DrainSummary = { delivered: 0, retrying: 0, failed: 0 };
  const limit = options.limit ?? 1000;
  let tried = 0;
  const skipped = new Set<string>();
  const stopped = () => options.signal?.aborted === true;
  while (tried < limit && !stopped()) {
    const now = deps.now();
    const due = await deps.db
      .select({ delivery: outboxDeliveries, event: outboxEvents })
      .from(outboxDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, outboxDeliveries.eventId))
      .where(
        and(
          eq(outboxDeliveries.status, 'pending'),
          lte(outboxDeliveries.nextAttemptAt, now),
          or(isNull(outboxDeliveries.lockedUntil), lte(outboxDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outboxEvents.id))
      .limit(50);
    const fresh = due.filter((r) => !skipped.has(keyOf(r.delivery)));
    if (fresh.length === 0) break;
    for (const { delivery, event } of fresh) {
      if (tried >= limit || stopped()) break;
      skipped.add(keyOf(delivery));
      const outcome = await deliverOne(deps, delivery, event);
      if (outcome) {
        tried++;
        summary[outcome]++;
      }
    }
  }
  return summary;
}

type DeliveryRow = typeof outboxDeliveries.$inferSelect;
type EventRow = typeof outboxEvents.$inferSelect;

const keyOf = (d: Pick<DeliveryRow, 'eventId' | 'subscriber' | 'target'>) =>
  `${d.eventId}\u0000${d.subscriber}\u0000${d.target}`;

const sameDelivery = (d: Pick<DeliveryRow, 'eventId' | 'subscriber' | 'target'>) =>
  and(
    eq(outboxDeliveries.eventId, d.eventId),
    eq(outboxDeliveries.subscriber, d.subscriber),
    eq(outboxDeliveries.target, d.target),
  );

async function deliverOne<D extends OutboxDeps>(
  deps: D,
  delivery: DeliveryRow,
  row: EventRow,
): Promise<keyof DrainSummary | null> {
  const now = deps.now();
  const [claimed] = await deps.db
    .update(outboxDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        sameDelivery(delivery),
        eq(outboxDeliveries.status, 'pending'),
        or(isNull(outboxDeliveries.lockedUntil), lte(outboxDeliveries.lockedUntil, now)),
      ),
    )
    .returning();
  // Another process took it first.
  if (!claimed) return null;
  const event: OutboxEvent = {
    id: row.id,
    type: row.type,
    created: row.created.toISOString(),
    data: row.data,
  };
  const subscriber = subscribers.get(delivery.subscriber);
  try {
    if (!subscriber) throw new Error(`no subscriber named ${delivery.subscriber} is registered`);
    // Links in its mail follow the origin the change was made from (lib/origin).
    await withLinkOrigin(row.linkOrigin ?? undefined, () =>
      subscriber.deliver(deps, event, delivery.target, { number: claimed.attempts + 1 }),
    );
  } catch (err) {
    if (err instanceof HoldDelivery) {
      await deps.db
        .update(outboxDeliveries)
        .set({ status: 'held', lockedUntil: null })
        .where(sameDelivery(delivery));
      return null;
    }
    const attempts = claimed.attempts + 1;
    const retryFor = subscriber?.retryForMs ?? DEFAULT_RETRY_FOR_MS;
    const after = deps.now();
    const next = new Date(after.getTime() + backoffMs(attempts));
    const giveUp = next.getTime() > (claimed.retryFrom ?? row.created).getTime() + retryFor;
    await deps.db
      .update(outboxDeliveries)
      .set({
        attempts,
        lockedUntil: null,
        lastError: String((err as Error)?.message ?? err).slice(0, 500),
        ...(giveUp ? { status: 'failed' as const } : { nextAttemptAt: next }),
      })
      .where(sameDelivery(delivery));
    // Ids and the error's class only: messages of mail servers may quote addresses.
    const context = {
      eventId: event.id,
      type: event.type,
      subscriber: delivery.subscriber,
      attempts,
      error: (err as Error)?.name ?? typeof err,
    };
    if (giveUp) deps.logger.error(context, 'outbox delivery failed for good');
    else deps.logger.warn({ ...context, retryAt: next.toISOString() }, 'outbox delivery failed; will retry');
    return giveUp ? 'failed' : 'retrying';
  }
  await deps.db
    .update(outboxDeliveries)
    .set({ status: 'delivered', attempts: claimed.attempts + 1, lockedUntil: null, deliveredAt: deps.now() })
    .where(sameDelivery(delivery));
  return 'delivered';
}

/**
 * Makes deliveries due again now (a partner's replay, or its re-enabled endpoint's missed and
 * held events), with their retry period counted from now. Whatever they were (delivered, failed,
 * held), they are delivered again by the one policy; one being delivered right now is left alone.
 * Answers how many were released.
 */
export async function redeliver(
  db: Database | Tx,
  which: {
    subscriber: string;
    /** One target, or every target that starts with `prefix`. */
    target: string | { prefix: string };
    eventId?: string;
    statuses?: readonly (typeof outboxDeliveries.$inferSelect)['status'][];
  },
  now: Date,
): Promise<number> {
  const released = await db
    .update(outboxDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, retryFrom: now, lockedUntil: null })
    .where(
      and(
        eq(outboxDeliveries.subscriber, which.subscriber),
        typeof which.target === 'string'
          ? eq(outboxDeliveries.target, which.target)
          : sql`substr(${outboxDeliveries.target}, 1, ${which.target.prefix.length}) = ${which.target.prefix}`,
        which.eventId ? eq(outboxDeliveries.eventId, which.eventId) : undefined,
        which.statuses ? inArray(outboxDeliveries.status, [...which.statuses]) : undefined,
        or(isNull(outboxDeliveries.lockedUntil), lte(outboxDeliveries.lockedUntil, now)),
      ),
    )
    .returning({ eventId: outboxDeliveries.eventId });
  return released.length;
}

/** Events older than `keepMs` with nothing left to deliver are deleted with their deliveries. */
export async function purgeOutbox(deps: OutboxDeps, keepMs: number): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - keepMs);
  const old = deps.db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(
      and(
        lt(outboxEvents.created, cutoff),
        notExists(
          deps.db
            .select({ one: outboxDeliveries.eventId })
            .from(outboxDeliveries)
            .where(
              and(eq(outboxDeliveries.eventId, outboxEvents.id), eq(outboxDeliveries.status, 'pending')),
            ),
        ),
      ),
    )
    .limit(1000);
  const ids = (await old).map((r) => r.id);
  if (ids.length === 0) return 0;
  await deps.db.batch([
    deps.db.delete(outboxDeliveries).where(inArray(outboxDeliveries.eventId, ids)),
    deps.db.delete(outboxEvents).where(inArray(outboxEvents.id, ids)),
  ]);
  return ids.length;
}

export const OUTBOX_SWEEP_INTERVAL_MS = 2000;
/** Delivered and failed events are kept this long (a delivery log for support and replay). */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Runs drainOutbox every `intervalMs` in this process (main.ts), and purges old events. */
export function startOutboxSweep(deps: OutboxDeps, intervalMs = OUTBOX_SWEEP_INTERVAL_MS): Sweep {
  return startSweep(
    'outbox',
    intervalMs,
    async (signal) => {
      await drainOutbox(deps, { signal });
      if (!signal.aborted) await purgeOutbox(deps, OUTBOX_KEEP_MS);
    },
    deps.logger,
  );
}
