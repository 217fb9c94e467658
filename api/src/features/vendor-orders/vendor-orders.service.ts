/**
 * The vendor's view of its orders (vendor-and-app spec §2.3, §2.4): the filtered list, the
 * dashboard's figures, the CSV export, and the edit drawer's changes. Every query is scoped to
 * the caller's vendor, so another vendor's order is simply not found (404).
 *
 * Only paid orders are the vendor's business: an order awaiting payment is an unfinished
 * checkout that may never be paid, so it is neither listed, counted nor editable here.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { type Database, perDatabase, statementFamily, type Tx } from '../../db/client';
import { courierServices, type OrderStatus, orders, vendors } from '../../db/schema';
import type { Currency } from '../../domain/money';
import { PAID_ORDER_STATUSES } from '../../domain/statuses';
import { collectionDateProblem, ukDayEnd, ukDayStart } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import type { OrderEdits } from '../orders';
import {
  changeOrder,
  ORDER_ROWID,
  ORDER_SUMMARY_ROWS,
  type OrderRow,
  OrdersService,
  orderMoney,
  orderPayments,
  refundedSql,
  statusLabel,
  toOrderSummary,
  vendorOrdersVersion,
} from '../orders';
import { deliveryDateFor } from '../quotes';
import { vendorOf } from '../vendors';
import { vendorOrdersCsv, vendorOrdersFileName } from './vendor-orders.csv';
import type {
  UpdateVendorOrderBody,
  VendorOrderFilters,
  VendorOrderListQuery,
} from './vendor-orders.schemas';

/** Statuses only a paid order reaches: with one of these, "is paid" needs no check of its own. */
const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set(PAID_ORDER_STATUSES);

/** A whole order id as the API gives it out (UUIDv7), pasted into the search box. */
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a filter asks for, as the values its statement binds (see filterParts). */
type FilterValues = {
  vendorId: string;
  status?: OrderStatus;
  from?: number;
  to?: number;
  text?: string;
};

/**
 * The list's filters as a statement's conditions and the values they bind. The conditions use
 * placeholders and depend only on which filters are present (the statement's shape), so one
 * statement per shape is built once and reused (see `statement`).
 */
function filterParts(vendorId: string, filters: VendorOrderFilters) {
  const values: FilterValues = { vendorId };
  const p = sql.placeholder;
  const conditions: SQL[] = [eq(orders.vendorId, p('vendorId'))];
  let shape = '';
  // An order cancelled before payment is cancelled but unpaid; the other statuses imply payment,
  // and skipping the check saves reading paid_at on every row a count passes.
  if (!filters.status || !PAID_STATUSES.has(filters.status)) {
    conditions.push(isNotNull(orders.paidAt));
    shape += 'p';
  }
  if (filters.status) {
    conditions.push(eq(orders.status, p('status')));
    values.status = filters.status;
    shape += 's';
  }
  if (filters.from) {
    conditions.push(gte(orders.createdAt, p('from')));
    values.from = ukDayStart(filters.from).getTime();
    shape += 'f';
  }
  // Inclusive of the whole To day, to 23:59:59 UK time.
  if (filters.to) {
    conditions.push(lt(orders.createdAt, p('to')));
    values.to = ukDayEnd(filters.to).getTime();
    shape += 't';
  }
  const text = filters.q?.replace(/^#/, '').trim();
  if (text) {
    values.text = text.toLowerCase();
    // search_text holds the lower-cased reference, delivery name and service name
    // (orderSearchText) and sits in the dashboard's covering indexes, so neither the search nor
    // its count reads the table; instr takes the text literally (no LIKE wildcards to escape).
    if (FULL_ID.test(text)) {
      conditions.push(eq(orders.id, p('text')));
      shape += 'i';
    } else {
      conditions.push(sql`instr(${orders.searchText}, ${p('text')}) > 0`);
      shape += 'q';
    }
  }
  return { conditions, values, shape };
}

/** The most the CSV export writes in one file: a dashboard's worth, not a data dump. */
export const MAX_EXPORT_ROWS = 50_000;

/** The cursor's condition: after the last order of the previous page, newest first. */
const afterCursor = olderThan(orders, {
  createdAt: sql.placeholder('afterAt'),
  id: sql.placeholder('afterId'),
});

/**
 * The list's statements, one per question and filter shape: building a query with drizzle cost
 * more CPU than SQLite took to run it.
 */
const statement = statementFamily();

/**
 * A page of summaries, newest first, in one statement: the page's keys from the covering index
 * alone (the search and the skipped rows never touch the table), then the summaries of those
 * rows by rowid: cheaper than reading whole rows, two statements or a join by id
 * (docs/performance.md, "Lists").
 */
const pageStatement = (db: Database, conditions: SQL[], shape: string, cursor: boolean) =>
  statement(db, `page:${shape}:${cursor}`, () => {
    const keys = db
      .select({ rowid: ORDER_ROWID })
      .from(orders)
      .where(and(...conditions, cursor ? afterCursor : undefined))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return db
      .select({ row: ORDER_SUMMARY_ROWS.row })
      .from(orders)
      .where(inArray(ORDER_ROWID, keys))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .prepare();
  });

const countStatement = (db: Database, conditions: SQL[], shape: string) =>
  statement(db, `count:${shape}`, () =>
    db
      .select({ n: count() })
      .from(orders)
      .where(and(...conditions))
      .prepare(),
  );

const exportStatement = (db: Database, conditions: SQL[], shape: string) =>
  statement(db, `export:${shape}`, () =>
    db
      .select()
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(MAX_EXPORT_ROWS)
      .prepare(),
  );

/** Figures kept per database (tests and tools may open several), oldest dropped first. */
const MAX_CACHED_FIGURES = 2000;
const figuresCaches = new WeakMap<object, Map<string, unknown>>();
function figuresCacheOf(db: object): Map<string, unknown> {
  let cache = figuresCaches.get(db);
  if (!cache) {
    cache = new Map();
    figuresCaches.set(db, cache);
  }
  return cache;
}

/** The caller's vendor id, asked on every page: built once per database, not per request. */
const vendorIdOfOwner = perDatabase((db) =>
  db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.ownerId, sql.placeholder('ownerId')))
    .limit(1)
    .prepare(),
);

export class VendorOrdersService {
  constructor(private readonly deps: AppDeps) {}

  /** The caller's vendor id: only the id is read (a list asks on every page), made if missing. */
  private async vendorId(ownerId: string) {
    const found = await vendorIdOfOwner(this.deps.db).get({ ownerId });
    return found?.id ?? (await vendorOf(this.deps, ownerId)).id;
  }

  async list(ownerId: string, query: VendorOrderListQuery) {
    const { db } = this.deps;
    const vendorId = await this.vendorId(ownerId);
    const filter = filterParts(vendorId, query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const page = after ? null : (query.page ?? 1);
    const offset = page ? (page - 1) * query.limit : 0;
    // One more than the page: whether there is a next page.
    const rows = await ORDER_SUMMARY_ROWS.all(
      pageStatement(db, filter.conditions, filter.shape, after !== null),
      {
        ...filter.values,
        ...(after ? { afterAt: after.createdAt.getTime(), afterId: after.id } : {}),
        limit: query.limit + 1,
        offset,
      },
    );
    const items = rows.slice(0, query.limit);
    // A short page by number is the last one: the rows before it and on it are the total, and a
    // second pass over the vendor's orders to count them is saved (a search rarely fills a page).
    const lastPage = page !== null && rows.length <= query.limit && (rows.length > 0 || page === 1);
    const total = lastPage ? offset + rows.length : await this.countMatching(vendorId, query, filter);
    const byOrder = await orderPayments(db, items);
    return {
      items: items.map((o) => toOrderSummary(o, byOrder.get(o.id), 'vendor')),
      total,
      limit: query.limit,
      page,
      nextCursor: nextCursor(rows, query.limit),
    };
  }

  /**
   * A figure about the vendor's orders (a filtered total, the dashboard's figures), computed once
   * per vendor orders version: the next page, a refresh or another instance asking the same
   * finds it, and any new or moved order starts afresh. The version is read before computing, so
   * a figure that raced a write is filed under the older version, which no later request asks for.
   */
  private async remember<T>(vendorId: string, question: unknown[], compute: () => Promise<T>): Promise<T> {
    const { db } = this.deps;
    const version = await vendorOrdersVersion(db, vendorId);
    const key = JSON.stringify([vendorId, version, ...question]);
    const cache = figuresCacheOf(db);
    if (cache.has(key)) return cache.get(key) as T;
    const value = await compute();
    if (cache.size >= MAX_CACHED_FIGURES) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  }

  /** How many orders the filters match: every index entry of the vendor's (status's) orders is read. */
  private countMatching(
    vendorId: string,
    filters: VendorOrderFilters,
    filter: ReturnType<typeof filterParts>,
  ): Promise<number> {
    return this.remember(
      vendorId,
      ['total', filters.status, filters.from, filters.to, filters.q],
      async () => {
        const row = await countStatement(this.deps.db, filter.conditions, filter.shape).get(filter.values);
        return row?.n ?? 0;
      },
    );
  }

  async stats(ownerId: string) {
    const vendorId = await this.vendorId(ownerId);
    // One pass over the orders_vendor_stats_idx covering index (counts and sums by status and
    // currency, never the table's rows), once per orders version.
    const groups = await this.remember(vendorId, ['stats'], () =>
      this.deps.db
        .select({
          status: orders.status,
          currency: orders.currency,
          n: count(),
          paid: sql<number>`sum(${orders.total})`,
          refunded: sql<number>`sum(${refundedSql})`,
        })
        .from(orders)
        .where(and(eq(orders.vendorId, vendorId), isNotNull(orders.paidAt)))
        .groupBy(orders.status, orders.currency),
    );
    const n = (status: OrderStatus) =>
      groups.filter((r) => r.status === status).reduce((sum, r) => sum + r.n, 0);
    // Revenue is orderMoney's net: refunds (full or partial) taken off, cancelled orders nothing.
    const earning = new Map<Currency, { amount: number; n: number }>();
    for (const g of groups) {
      if (g.status === 'cancelled') continue;
      const { net } = orderMoney({ status: g.status, paid: Number(g.paid), refunded: Number(g.refunded) });
      const seen = earning.get(g.currency) ?? { amount: 0, n: 0 };
      earning.set(g.currency, { amount: seen.amount + net, n: seen.n + g.n });
    }
    const revenue = [...earning.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, r]) => ({ currency, amount: r.amount, n: r.n }));
    const revenueByCurrency = revenue.map((r) => ({ amount: r.amount, currency: r.currency }));
    // Amounts in different currencies cannot be added without exchange rates, which we do not
    // hold: the headline is the GBP total (the marketplace's currency) or the only currency used.
    const headline = revenueByCurrency.find((r) => r.currency === 'GBP') ??
      [...revenueByCurrency].sort((a, b) => b.amount - a.amount)[0] ?? {
        amount: 0,
        currency: 'GBP' as Currency,
      };
    return {
      totalOrders: groups.reduce((sum, r) => sum + r.n, 0),
      pendingOrders: n('pending'),
      confirmedOrders: n('confirmed'),
      inTransitOrders: n('in_transit'),
      deliveredOrders: n('delivered'),
      cancelledOrders: n('cancelled'),
      totalRevenue: headline,
      revenueByCurrency,
      revenueOrders: revenue.reduce((sum, r) => sum + r.n, 0),
    };
  }

  async exportCsv(ownerId: string, filters: VendorOrderFilters): Promise<{ filename: string; csv: string }> {
    const filter = filterParts(await this.vendorId(ownerId), filters);
    const rows = await exportStatement(this.deps.db, filter.conditions, filter.shape).all(filter.values);
    return { filename: vendorOrdersFileName(this.deps.now()), csv: vendorOrdersCsv(rows) };
  }

  /**
   * The edit drawer's save, through the order-change command: the status moves through the
   * status machine; every change, status or not, is written with an order event in one
   * transaction. After the commit a cancelled paid order is refunded and the customer hears of
   * any change.
   */
  async update(ownerId: string, orderId: string, body: UpdateVendorOrderBody) {
    const { deps } = this;
    const vendorId = await this.vendorId(ownerId);
    const result = await changeOrder(deps, {
      orderId,
      actor: { id: ownerId, role: 'vendor' },
      to: body.status,
      unlessAlready: true,
      where: and(eq(orders.vendorId, vendorId), isNotNull(orders.paidAt)),
      edit: (tx, order, now) => vendorEdits(tx, order, body, now),
    });
    if (result.changed === 'status') {
      deps.logger.info(
        { orderId, from: result.from, to: result.order.status },
        `vendor marked order ${statusLabel(result.order.status)}`,
      );
    }
    return new OrdersService(deps).detail(result.order, 'vendor');
  }
}

/**
 * The edit drawer's field changes against the order as it is under the write lock, each with the
 * note the customer's timeline shows.
 */
export async function vendorEdits(
  tx: Tx,
  order: OrderRow,
  body: UpdateVendorOrderBody,
  now: Date,
): Promise<{ set: OrderEdits; notes: string[] }> {
  const set: OrderEdits = {};
  const notes: string[] = [];
  if (body.trackingNumber !== undefined && body.trackingNumber !== order.trackingNumber) {
    // Checked under the write lock the immediate transaction holds, so no one takes it meanwhile.
    const taken = await tx.query.orders.findFirst({
      where: and(eq(orders.trackingNumber, body.trackingNumber), ne(orders.id, order.id)),
      columns: { id: true },
    });
    if (taken) {
      throw AppError.conflict(
        'This tracking number is already used by another order',
        'tracking_number_taken',
      );
    }
    set.trackingNumber = body.trackingNumber;
    notes.push(`Tracking number ${body.trackingNumber}`);
  }
  if (body.labelUrl !== undefined) {
    const labelUrl = body.labelUrl || null;
    if (labelUrl !== order.labelUrl) {
      set.labelUrl = labelUrl;
      notes.push(labelUrl ? 'Label link updated' : 'Label link removed');
    }
  }
  // The courier's own notes: the customer's booking notes (order.notes) are never touched here.
  if (body.vendorNotes !== undefined) {
    const text = body.vendorNotes || null;
    if (text !== order.vendorNotes) {
      set.vendorNotes = text;
      notes.push(text ? 'Courier notes updated' : 'Courier notes removed');
    }
  }
  if (body.collectionDate !== undefined) {
    if (!body.collectionDate) {
      // The orders table keeps a collection date on every order (booking requires one).
      throw AppError.validation([
        {
          path: 'collectionDate',
          message: 'An order always has a collection date; send the new date instead',
        },
      ]);
    }
    if (body.collectionDate !== order.collectionDate) {
      const problem = collectionDateProblem(body.collectionDate, now);
      if (problem) throw AppError.validation([{ path: 'collectionDate', message: problem }]);
      set.collectionDate = body.collectionDate;
      // Delivery follows collection: every screen, email and label reads this one date.
      const service = await tx.query.courierServices.findFirst({
        where: eq(courierServices.id, order.courierServiceId),
        columns: { transitDays: true },
      });
      set.estimatedDelivery = deliveryDateFor(
        order.serviceType,
        service?.transitDays ?? 0,
        body.collectionDate,
        now,
      );
      notes.push(`Collection date ${body.collectionDate}, estimated delivery ${set.estimatedDelivery}`);
    }
  }
  return { set, notes };
}
