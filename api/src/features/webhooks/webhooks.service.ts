import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import { outboxDeliveries, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { publish, redeliver } from '../../lib/outbox';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { seal } from '../../lib/sealed-secrets';
import { resolveTarget, UnsafeUrlError, urlProblem } from './webhook-url';
import type { CreateEndpointInput, UpdateEndpointInput } from './webhooks.schemas';
import { endpointSecretKey, WEBHOOK_EVENTS, WEBHOOK_SUBSCRIBER } from './webhooks.subscriber';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const MAX_ENDPOINTS = 16;

const toEndpoint = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toDelivery = (row: DeliveryRow, nextAttemptAt: Date | null) => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType: row.eventType,
  attempt: row.attempt,
  status: row.status,
  statusCode: row.statusCode,
  latencyMs: row.latencyMs,
  responseExcerpt: row.responseExcerpt,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
});

/** A partner's webhook endpoints and their delivery log; everything filtered by the partner. */
export class WebhooksService {
  constructor(private readonly deps: AppDeps) {}

  /** The URL's form; in production also where its host resolves now (docs/partners.md). */
  private async checkUrl(url: string) {
    const policy = { production: this.deps.config.production };
    const problem = urlProblem(url, policy);
    if (problem) throw AppError.validation([{ path: 'url', message: problem }]);
    if (!policy.production) return;
    try {
      await resolveTarget(new URL(url), policy);
    } catch (err) {
      if (!(err instanceof UnsafeUrlError)) throw err;
      throw AppError.validation([
        {
          path: 'url',
          message: 'Webhook URLs must reach a public address: this host does not resolve to one',
        },
      ]);
    }
  }

  private async own(partnerId: string, id: string) {
    const row = await this.deps.db.query.webhookEndpoints.findFirst({
      where: and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.partnerId, partnerId)),
    });
    if (!row) throw AppError.notFound('Webhook endpoint not found');
    return row;
  }

  async list(partnerId: string) {
    const rows = await this.deps.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.partnerId, partnerId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    return { data: rows.map(toEndpoint) };
  }

  async get(partnerId: string, id: string) {
    return toEndpoint(await this.own(partnerId, id));
  }

  async create(partnerId: string, input: CreateEndpointInput) {
    await this.checkUrl(input.url);
    const [{ n } = { n: 0 }] = await this.deps.db
      .select({ n: sql<number>`count(*)` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.partnerId, partnerId));
    if (n >= MAX_ENDPOINTS)
      throw AppError.conflict(`At most ${MAX_ENDPOINTS} endpoints`, 'too_many_endpoints');
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const now = this.deps.now();
    // Sealed at rest and bound to its row; only the sender opens it (webhooks.subscriber.ts).
    const id = uuidv7();
    const [row] = await this.deps.db
      .insert(webhookEndpoints)
      .values({
        id,
        partnerId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secret: seal(endpointSecretKey(this.deps), secret, id),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    this.deps.logger.info({ partnerId, endpointId: row!.id }, 'webhook endpoint created');
    return { ...toEndpoint(row!), secret };
  }

  /** Enabling a disabled endpoint releases what it missed: held deliveries and failed ones. */
  async update(partnerId: string, id: string, input: UpdateEndpointInput) {
    const before = await this.own(partnerId, id);
    if (input.url !== undefined) await this.checkUrl(input.url);
    const now = this.deps.now();
    const reenable = input.enabled === true && !before.enabled;
    const row = await this.deps.db.transaction(
      async (tx) => {
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({
            ...(input.url !== undefined ? { url: input.url } : {}),
            ...(input.events !== undefined ? { events: input.events } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.enabled === false && before.enabled
              ? { enabled: false, disabledReason: 'Disabled by the partner', disabledAt: now }
              : {}),
            ...(reenable
              ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null }
              : {}),
            updatedAt: now,
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        if (reenable) {
          await redeliver(
            tx,
            { subscriber: WEBHOOK_SUBSCRIBER, target: { prefix: `${id} ` }, statuses: ['held', 'failed'] },
            now,
          );
        }
        return updated!;
      },
      { behavior: 'immediate' },
    );
    return toEndpoint(row);
  }

  async remove(partnerId: string, id: string) {
    await this.own(partnerId, id);
    await this.deps.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    this.deps.logger.info({ partnerId, endpointId: id }, 'webhook endpoint deleted');
  }

  /** A `ping` to this endpoint only, through the outbox like every event. */
  async test(partnerId: string, id: string) {
    const endpoint = await this.own(partnerId, id);
    if (!endpoint.enabled)
      throw AppError.conflict('Enable the endpoint before testing it', 'endpoint_disabled');
    const event = await this.deps.db.transaction((tx) =>
      publish(tx, WEBHOOK_EVENTS.ping, { endpointId: id }, this.deps.now()),
    );
    return { eventId: event.id };
  }

  async deliveries(
    partnerId: string,
    query: { endpoint?: string | undefined; cursor?: string | undefined; limit: number },
  ) {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await this.deps.db
      .select({ delivery: webhookDeliveries, outbox: outboxDeliveries, latest: latestAttemptSql })
      .from(webhookDeliveries)
      .leftJoin(
        outboxDeliveries,
        and(
          eq(outboxDeliveries.eventId, webhookDeliveries.outboxEventId),
          eq(outboxDeliveries.subscriber, WEBHOOK_SUBSCRIBER),
          eq(outboxDeliveries.target, webhookDeliveries.target),
        ),
      )
      .where(
        and(
          eq(webhookDeliveries.partnerId, partnerId),
          query.endpoint ? eq(webhookDeliveries.endpointId, query.endpoint) : undefined,
          olderThan({ createdAt: webhookDeliveries.createdAt, id: webhookDeliveries.id }, after),
        ),
      )
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.limit + 1);
    return {
      data: rows.slice(0, query.limit).map((r) => {
        const retrying =
          r.delivery.status === 'failed' &&
          r.outbox?.status === 'pending' &&
          Number(r.latest) === r.delivery.attempt;
        return toDelivery(r.delivery, retrying ? r.outbox!.nextAttemptAt : null);
      }),
      nextCursor: nextCursor(
        rows.map((r) => r.delivery),
        query.limit,
      ),
    };
  }

  /** Sends the delivery's event to its endpoint again (same event id), as a new attempt. */
  async replay(partnerId: string, id: string) {
    const now = this.deps.now();
    const delivery = await this.deps.db.query.webhookDeliveries.findFirst({
      where: and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.partnerId, partnerId)),
    });
    if (!delivery) throw AppError.notFound('Delivery not found');
    const row = await this.deps.db.transaction(
      async (tx) => {
        const released = await redeliver(
          tx,
          { subscriber: WEBHOOK_SUBSCRIBER, target: delivery.target, eventId: delivery.outboxEventId },
          now,
        );
        if (released === 0) {
          throw AppError.conflict(
            'This event is being sent right now, or is too old to replay (events are kept 30 days)',
            'not_replayable',
          );
        }
        const [last] = await tx
          .select({ n: sql<number>`max(${webhookDeliveries.attempt})` })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.outboxEventId, delivery.outboxEventId),
              eq(webhookDeliveries.target, delivery.target),
            ),
          );
        const pending = await tx.query.webhookDeliveries.findFirst({
          where: and(
            eq(webhookDeliveries.outboxEventId, delivery.outboxEventId),
            eq(webhookDeliveries.target, delivery.target),
            eq(webhookDeliveries.status, 'pending'),
          ),
        });
        if (pending) return pending;
        const [inserted] = await tx
          .insert(webhookDeliveries)
          .values({
            endpointId: delivery.endpointId,
            partnerId,
            eventId: delivery.eventId,
            eventType: delivery.eventType,
            outboxEventId: delivery.outboxEventId,
            target: delivery.target,
            attempt: Number(last?.n ?? 0) + 1,
            status: 'pending',
            createdAt: now,
          })
          .returning();
        return inserted!;
      },
      { behavior: 'immediate' },
    );
    return toDelivery(row, now);
  }
}

const latestAttemptSql = sql<number>`(select max(w2.attempt) from ${webhookDeliveries} w2 where w2.outbox_event_id = ${webhookDeliveries.outboxEventId} and w2.target = ${webhookDeliveries.target})`;
