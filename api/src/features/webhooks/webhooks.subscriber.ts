/**
 * Partner webhooks as outbox subscribers (lib/outbox.ts): an event is fanned out, in the
 * transaction of the change, to one delivery per endpoint and partner event type (target
 * `<endpointId> <type>`); the sweep sends each once across processes and retries it with the
 * outbox's jittered back-off for 72 hours. Each attempt is written to webhook_deliveries.
 */
import { and, eq, max } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { orders, partners, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import { HoldDelivery, type OutboxEvent, publish, type Subscriber } from '../../lib/outbox';
import { isSealed, SealedSecretError, seal, sealingKey, unseal } from '../../lib/sealed-secrets';
import { partnerPeopleIds } from '../partners';
import { endpointDisabledEmail } from './webhook-emails';
import { PING, partnerEventsOf, SOURCE_TYPES } from './webhook-events';
import { type SendResult, sendWebhook } from './webhook-send';

export const WEBHOOK_SUBSCRIBER = 'partner-webhooks';
export const RETRY_FOR_MS = 72 * 60 * 60 * 1000;
/** An endpoint failing this long (every attempt since its last success) is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const WEBHOOK_EVENTS = {
  ping: 'webhook.ping',
  endpointDisabled: 'webhook.endpoint_disabled',
} as const;

/** The key endpoint signing secrets are sealed with at rest (lib/sealed-secrets.ts). */
export const endpointSecretKey = (deps: Pick<AppDeps, 'config'>) =>
  sealingKey(deps.config.jwtSecret, 'webhook-endpoint-secrets');

/**
 * The endpoint's signing secret, or null when it does not open (JWT_SECRET changed since it was
 * sealed). One stored in clear by a version before sealing is sealed now, once.
 */
async function signingSecret(deps: AppDeps, endpoint: typeof webhookEndpoints.$inferSelect) {
  const key = endpointSecretKey(deps);
  let secret: string;
  try {
    secret = unseal(key, endpoint.secret, endpoint.id);
  } catch (err) {
    if (err instanceof SealedSecretError) return null;
    throw err;
  }
  if (!isSealed(endpoint.secret)) {
    await deps.db
      .update(webhookEndpoints)
      .set({ secret: seal(key, secret, endpoint.id) })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.secret, endpoint.secret)));
  }
  return secret;
}

export const UNREADABLE_SECRET =
  "This endpoint's signing secret cannot be read since the server's secret changed: delete the endpoint and add it again";

export const targetOf = (endpointId: string, type: string) => `${endpointId} ${type}`;
const parseTarget = (target: string) => {
  const [endpointId = '', type = ''] = target.split(' ');
  return { endpointId, type };
};

/** The webhook event id: the outbox event's own, or derived when one change makes two events. */
export function webhookEventId(outboxEventId: string, type: string, first: boolean) {
  return first ? outboxEventId : `${outboxEventId}.${type}`;
}

async function partnerOfEvent(tx: Pick<Tx, 'select'>, event: OutboxEvent): Promise<string | null> {
  if (event.type === WEBHOOK_EVENTS.ping) {
    const [row] = await tx
      .select({ partnerId: webhookEndpoints.partnerId })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, String(event.data.endpointId)));
    return row?.partnerId ?? null;
  }
  // A batch's event names its partner (features/batches, `batch.completed`).
  if (event.type === 'batch.completed' && typeof event.data.partnerId === 'string') {
    const [row] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, event.data.partnerId), eq(partners.status, 'active')));
    return row?.id ?? null;
  }
  if (typeof event.data.orderId !== 'string') return null;
  const [row] = await tx
    .select({ partnerId: orders.partnerId })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(and(eq(orders.id, event.data.orderId), eq(partners.status, 'active')));
  return row?.partnerId ?? null;
}

export const partnerWebhookSubscriber: Subscriber<AppDeps> = {
  name: WEBHOOK_SUBSCRIBER,
  types: SOURCE_TYPES,
  retryForMs: RETRY_FOR_MS,
  async targets(tx, event) {
    const types = partnerEventsOf(event).map((e) => e.type);
    if (types.length === 0) return [];
    const partnerId = await partnerOfEvent(tx, event);
    if (!partnerId) return [];
    if (event.type === WEBHOOK_EVENTS.ping) return [targetOf(String(event.data.endpointId), PING)];
    // Disabled endpoints get their deliveries too: held, and sent when the endpoint is enabled.
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.partnerId, partnerId));
    return endpoints.flatMap((e) =>
      types.filter((t) => e.events.includes(t) || e.events.includes('*')).map((t) => targetOf(e.id, t)),
    );
  },
  async deliver(deps, event, target) {
    const { endpointId, type } = parseTarget(target);
    const endpoint = await deps.db.query.webhookEndpoints.findFirst({
      where: eq(webhookEndpoints.id, endpointId),
    });
    // Deleted since: nothing to send to.
    if (!endpoint) return;
    if (!endpoint.enabled) throw new HoldDelivery('endpoint disabled');
    const order =
      typeof event.data.orderId === 'string'
        ? ((await deps.db.query.orders.findFirst({
            columns: { total: true, currency: true },
            where: eq(orders.id, event.data.orderId),
          })) ?? null)
        : null;
    const all = partnerEventsOf(event, order);
    const index = all.findIndex((e) => e.type === type);
    if (index < 0) return;
    const id = webhookEventId(event.id, type, index === 0);
    const body = JSON.stringify({ id, type, created: event.created, data: all[index]!.data });
    const now = deps.now();
    const secret = await signingSecret(deps, endpoint);
    const result: SendResult = secret
      ? await sendWebhook(
          { url: endpoint.url, secret, eventId: id, body, now },
          { production: deps.config.production },
        )
      : { ok: false, statusCode: null, latencyMs: null, responseExcerpt: null, error: UNREADABLE_SECRET };
    await recordAttempt(deps, { endpoint, event, target, id, type }, result);
    if (!result.ok) throw new Error(`webhook ${result.error ?? 'failed'}`);
  },
};

/** Writes the attempt (filling a replay's pending row) and keeps the endpoint's failure streak. */
async function recordAttempt(
  deps: AppDeps,
  at: {
    endpoint: typeof webhookEndpoints.$inferSelect;
    event: OutboxEvent;
    target: string;
    id: string;
    type: string;
  },
  result: SendResult,
) {
  const now = deps.now();
  const outcome = {
    status: result.ok ? ('succeeded' as const) : ('failed' as const),
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    responseExcerpt: result.responseExcerpt,
    error: result.error,
  };
  await deps.db.transaction(
    async (tx) => {
      const same = and(
        eq(webhookDeliveries.outboxEventId, at.event.id),
        eq(webhookDeliveries.target, at.target),
      );
      const [pending] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(same, eq(webhookDeliveries.status, 'pending')))
        .limit(1);
      if (pending) {
        await tx.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, pending.id));
      } else {
        const [last] = await tx
          .select({ n: max(webhookDeliveries.attempt) })
          .from(webhookDeliveries)
          .where(same);
        await tx.insert(webhookDeliveries).values({
          endpointId: at.endpoint.id,
          partnerId: at.endpoint.partnerId,
          eventId: at.id,
          eventType: at.type,
          outboxEventId: at.event.id,
          target: at.target,
          attempt: (last?.n ?? 0) + 1,
          createdAt: now,
          ...outcome,
        });
      }
      if (result.ok) {
        if (at.endpoint.failingSince) {
          await tx
            .update(webhookEndpoints)
            .set({ failingSince: null })
            .where(eq(webhookEndpoints.id, at.endpoint.id));
        }
        return;
      }
      // A ping is the partner trying the endpoint out: it never counts toward disabling it.
      if (at.type === PING) return;
      const since = at.endpoint.failingSince;
      if (!since) {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: now })
          .where(eq(webhookEndpoints.id, at.endpoint.id));
      } else if (now.getTime() - since.getTime() >= DISABLE_AFTER_MS) {
        const reason = `every delivery for 3 days failed (last: ${result.error ?? 'no answer'})`;
        const [disabled] = await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledReason: reason, disabledAt: now })
          .where(and(eq(webhookEndpoints.id, at.endpoint.id), eq(webhookEndpoints.enabled, true)))
          .returning({ id: webhookEndpoints.id });
        if (disabled) {
          await publish(
            tx,
            WEBHOOK_EVENTS.endpointDisabled,
            { endpointId: at.endpoint.id, partnerId: at.endpoint.partnerId },
            now,
          );
          deps.logger.warn(
            { endpointId: at.endpoint.id, partnerId: at.endpoint.partnerId },
            'webhook endpoint disabled',
          );
        }
      }
    },
    { behavior: 'immediate' },
  );
}

/** The partner's people hear that an endpoint was disabled: one delivery per active user. */
export const endpointDisabledMailSubscriber: Subscriber<AppDeps> = {
  name: 'partner-webhook-disabled-mail',
  types: [WEBHOOK_EVENTS.endpointDisabled],
  targets: (tx, event) => partnerPeopleIds(tx, String(event.data.partnerId)),
  async deliver(deps, event, userId) {
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const endpoint = await deps.db.query.webhookEndpoints.findFirst({
      where: eq(webhookEndpoints.id, String(event.data.endpointId)),
    });
    if (!user || !endpoint) return;
    await deps.mailer.send(
      endpointDisabledEmail(
        user.email,
        endpoint.url,
        endpoint.disabledReason ?? 'it kept failing',
        `${linkBase(deps.config)}/partner`,
      ),
    );
  },
};
