import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { AppDeps, KeyPartner } from '../../context';
import { orders, partners, payments, quotes } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { publish } from '../../lib/outbox';
import { idsIn, listPage, type RaList } from '../../lib/ra-list';
import { containsText } from '../../lib/sql';
import { orderMoney, paidSql, refundedSql } from '../orders';
import { isBooking, UNBOOKED } from './partner-bookings';
import { PARTNER_KEY_EVENTS } from './partner-key-mail';
import type {
  CreatePartnerInput,
  PARTNER_SORT_FIELDS,
  PartnerDto,
  UpdatePartnerInput,
} from './partners.schemas';

type PartnerRow = typeof partners.$inferSelect;
type SortField = (typeof PARTNER_SORT_FIELDS)[number];
type Filter = {
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  id?: string | string[] | undefined;
};

/** How long a rotated-out key keeps working, so a partner can redeploy its pages without a gap. */
export const KEY_GRACE_MS = 24 * 60 * 60 * 1000;

/** `pk_test_` or `pk_live_` and 24 random URL-safe characters (144 bits). */
export function newPublishableKey(mode: 'test' | 'live'): string {
  return `pk_${mode}_${randomBytes(18).toString('base64url')}`;
}

export type { KeyPartner };

const SORT = {
  createdAt: partners.createdAt,
  name: sql`${partners.name} COLLATE NOCASE`,
  status: partners.status,
  id: partners.id,
} satisfies Record<SortField, unknown>;

export class PartnersService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async list(list: RaList<SortField, Filter>) {
    const filter = list.filter ?? {};
    const { rows, total } = await listPage(this.db, list, {
      rows: this.db.select().from(partners).$dynamic(),
      count: this.db.select({ total: count() }).from(partners).$dynamic(),
      where: [
        filter.status && eq(partners.status, filter.status),
        idsIn(partners.id, filter.id),
        filter.q && containsText(partners.name, filter.q),
      ],
      sort: SORT,
      tieBreaker: partners.id,
    });
    return { rows: await this.withStats(rows), total };
  }

  async get(id: string): Promise<PartnerDto> {
    const row = await this.db.query.partners.findFirst({ where: eq(partners.id, id) });
    if (!row) throw AppError.notFound('Partner not found');
    const [dto] = await this.withStats([row]);
    return dto!;
  }

  /** Creates a partner, with its audit row in the same transaction (staff made it). */
  async create(actor: AccessClaims, input: CreatePartnerInput): Promise<PartnerDto> {
    const now = this.deps.now();
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(partners)
        .values({
          name: input.name,
          mode: input.mode,
          allowedOrigins: input.allowedOrigins,
          publishableKey: newPublishableKey(input.mode),
          ...(input.rateLimitPerMinute ? { rateLimitPerMinute: input.rateLimitPerMinute } : {}),
          ...(input.keyRateLimitPerMinute ? { keyRateLimitPerMinute: input.keyRateLimitPerMinute } : {}),
          ...(input.secretKeyRateLimitPerMinute
            ? { secretKeyRateLimitPerMinute: input.secretKeyRateLimitPerMinute }
            : {}),
        })
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          action: 'partner.create',
          entityType: 'partner',
          entityId: created!.id,
          before: null,
          after: { name: input.name, mode: input.mode, allowedOrigins: input.allowedOrigins },
          reason: 'Created',
        },
        now,
      );
      return created!;
    });
    this.deps.logger.info({ partnerId: row.id }, 'partner created');
    return this.get(row.id);
  }

  /** Staff's edit of a partner, audited with what changed (before and after) in its transaction. */
  async update(actor: AccessClaims, id: string, input: UpdatePartnerInput): Promise<PartnerDto> {
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) {
      await this.db.transaction(async (tx) => {
        const [current] = await tx.select().from(partners).where(eq(partners.id, id));
        if (!current) throw AppError.notFound('Partner not found');
        await tx.update(partners).set(set).where(eq(partners.id, id));
        const before = Object.fromEntries(
          Object.keys(set).map((key) => [key, current[key as keyof typeof current] ?? null]),
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'partner.update',
            entityType: 'partner',
            entityId: id,
            before,
            after: set,
            reason: 'Edited',
          },
          this.deps.now(),
        );
      });
      if (input.status)
        this.deps.logger.info({ partnerId: id, status: input.status }, 'partner status changed');
    }
    return this.get(id);
  }

  /**
   * A new key; the current one becomes the previous key and works for KEY_GRACE_MS more. The
   * reason staff gave is audited, and the partner's people are mailed, in the rotation's commit.
   */
  async rotateKey(actor: AccessClaims, id: string, reason: string): Promise<PartnerDto> {
    const row = await this.db.query.partners.findFirst({ where: eq(partners.id, id) });
    if (!row) throw AppError.notFound('Partner not found');
    const now = this.deps.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(partners)
        .set({
          publishableKey: newPublishableKey(row.mode),
          previousKey: row.publishableKey,
          previousKeyExpiresAt: new Date(now.getTime() + KEY_GRACE_MS),
        })
        .where(eq(partners.id, id));
      // Keys are public (they ship in partners' pages), but the audit names only the change.
      await recordAudit(
        tx,
        actor,
        {
          action: 'partner.rotate_key',
          entityType: 'partner',
          entityId: id,
          before: null,
          after: null,
          reason,
        },
        now,
      );
      await publish(tx, PARTNER_KEY_EVENTS.rotated, { partnerId: id }, now);
    });
    this.deps.logger.info({ partnerId: id }, 'partner key rotated');
    return this.get(id);
  }

  /**
   * The partner a key belongs to, or why it cannot be used. The previous key of a rotation counts
   * until its grace period ends.
   */
  async byKey(
    key: string,
  ): Promise<{ partner: KeyPartner } | { problem: 'unknown' | 'expired' | 'disabled' }> {
    const row = await this.db.query.partners.findFirst({
      where: or(eq(partners.publishableKey, key), eq(partners.previousKey, key)),
    });
    if (!row) return { problem: 'unknown' };
    if (
      row.publishableKey !== key &&
      (row.previousKeyExpiresAt?.getTime() ?? 0) <= this.deps.now().getTime()
    ) {
      return { problem: 'expired' };
    }
    if (row.status !== 'active') return { problem: 'disabled' };
    return { partner: row };
  }

  /** The origins that may frame a partner's checkout, found from a key or from an order booked through one. */
  async framingOrigins(by: {
    key?: string;
    orderId?: string;
    providerOrderId?: string;
  }): Promise<string[] | null> {
    if (by.key) {
      const found = await this.byKey(by.key);
      return 'partner' in found ? found.partner.allowedOrigins : null;
    }
    const orderId =
      by.orderId ??
      (by.providerOrderId
        ? (
            await this.db
              .select({ orderId: payments.orderId })
              .from(payments)
              .where(eq(payments.providerOrderId, by.providerOrderId))
          )[0]?.orderId
        : undefined);
    if (!orderId) return null;
    const [row] = await this.db
      .select({ origins: partners.allowedOrigins, status: partners.status })
      .from(orders)
      .innerJoin(partners, eq(partners.id, orders.partnerId))
      .where(eq(orders.id, orderId));
    return row?.status === 'active' ? row.origins : null;
  }

  private async withStats(rows: PartnerRow[]): Promise<PartnerDto[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [quoteCounts, orderCounts, revenue] = await this.db.batch([
      this.db
        .select({ id: quotes.partnerId, n: count() })
        .from(quotes)
        .where(inArray(quotes.partnerId, ids))
        .groupBy(quotes.partnerId),
      this.db
        .select({ id: orders.partnerId, n: count() })
        .from(orders)
        .where(inArray(orders.partnerId, ids))
        .groupBy(orders.partnerId),
      this.db
        .select({
          id: orders.partnerId,
          status: orders.status,
          currency: orders.currency,
          n: count(),
          paid: sql<number>`sum(${paidSql})`,
          refunded: sql<number>`sum(${refundedSql})`,
        })
        .from(orders)
        .where(and(inArray(orders.partnerId, ids), notInArray(orders.status, [...UNBOOKED])))
        .groupBy(orders.partnerId, orders.status, orders.currency),
    ]);
    const countOf = (list: { id: string | null; n: number }[], id: string) =>
      list.find((r) => r.id === id)?.n ?? 0;
    return rows.map((row) => {
      // Revenue is orderMoney's net per currency: refunds taken off, cancelled orders nothing.
      const paid = revenue.filter((r) => r.id === row.id && isBooking(r.status));
      const byCurrency = new Map<(typeof paid)[number]['currency'], number>();
      for (const r of paid) {
        const { net } = orderMoney({ status: r.status, paid: Number(r.paid), refunded: Number(r.refunded) });
        byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0) + net);
      }
      return {
        id: row.id,
        name: row.name,
        mode: row.mode,
        publishableKey: row.publishableKey,
        previousKey: row.previousKey,
        previousKeyExpiresAt: row.previousKeyExpiresAt?.toISOString() ?? null,
        allowedOrigins: row.allowedOrigins,
        status: row.status,
        rateLimitPerMinute: row.rateLimitPerMinute,
        keyRateLimitPerMinute: row.keyRateLimitPerMinute,
        secretKeyRateLimitPerMinute: row.secretKeyRateLimitPerMinute,
        quotes: countOf(quoteCounts, row.id),
        orders: countOf(orderCounts, row.id),
        paidOrders: paid.reduce((n, r) => n + r.n, 0),
        revenue: [...byCurrency.entries()].map(([currency, amount]) => ({ amount, currency })),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}
