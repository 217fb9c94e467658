/**
 * The low-level writes every order change goes through, inside the caller's transaction:
 * inserting an order with its first event, and moving its status with an event. Bookings,
 * payments, cancellations, the vendor's status changes and accepted jobs all use these, so the
 * rule "every change is an order event written in the same transaction" holds everywhere.
 *
 * They take a transaction (or the database) and do not send mail: callers notify after commit.
 */
import { and, eq, getTableColumns, type Placeholder, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Database, type PreparedWrite, perDatabase, type Tx } from '../../db/client';
import { groupedWriteBatch } from '../../db/group-commit';
import {
  type OrderActorRole,
  type OrderStatus,
  orderEvents,
  orders,
  type TrackingEventKind,
  vendorOrderVersions,
} from '../../db/schema';
import type { AdjustmentStatus, ClaimStatus } from '../../domain/statuses';
import { generateTrackingNumber } from './tracking';
import { generateTrackingCode } from './tracking-code';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type DbOrTx = Database | Tx;

/** Who is acting: a signed-in user in a role, or the system (id null). */
export type OrderActor = { id: string | null; role: OrderActorRole };

export const SYSTEM_ACTOR: OrderActor = { id: null, role: 'system' };

/** What people see: '#' and the last 8 characters of the id (docs/architecture.md §3.1). */
export const orderReference = (id: string) => `#${id.slice(-8)}`;

/**
 * The vendor dashboard's search text of an order: the reference's 8 characters, the delivery
 * name and the courier service name, the three things its search box looks through, lower-cased
 * so that the search ignores case. Each is frozen at booking, so it is written once. The migration that added the column backfills it
 * with the same expression in SQL.
 */
export function orderSearchText(
  id: string,
  values: { deliveryAddress: { name: string }; serviceName: string },
): string {
  return [id.slice(-8), values.deliveryAddress.name, values.serviceName].join('\n').toLowerCase();
}

/** What newOrderRow adds to the caller's values. */
const NEW_ORDER_COLUMNS = ['id', 'searchText', 'trackingCode', 'createdAt', 'updatedAt'] as const;

/** A new order's row: its id, search text, tracking code and times added to what the caller gives. */
function newOrderRow<V extends Omit<NewOrder, (typeof NEW_ORDER_COLUMNS)[number]>>(
  values: V,
  now: Date,
  id: string = uuidv7(),
) {
  return {
    ...values,
    id,
    searchText: orderSearchText(id, values),
    // 2^60 codes: a clash is not worth a look-up; the unique index would refuse one.
    trackingCode: generateTrackingCode(),
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Inserts an order and the event that starts its timeline. `values.status` defaults to
 * awaiting_payment; an order made from an already-paid job starts at pending (then pass
 * paidAt and a tracking number, e.g. from `uniqueTrackingNumber`).
 */
export async function insertOrder(
  tx: DbOrTx,
  values: Omit<NewOrder, (typeof NEW_ORDER_COLUMNS)[number]>,
  actor: OrderActor,
  now: Date,
  note = 'Order placed',
): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(newOrderRow(values, now)).returning();
  if (!row) throw new Error('order insert returned nothing');
  await bumpVendorOrders(tx, row.vendorId);
  await recordOrderEvent(tx, row.id, actor, now, { from: null, to: row.status, note });
  return row;
}

/** What a booking sets (createOrderFromOption): every one a placeholder of the prepared insert. */
const BOOKING_COLUMNS = [
  'customerId',
  'vendorId',
  'courierServiceId',
  'quoteOptionId',
  'partnerId',
  'status',
  'serviceType',
  'serviceName',
  'vendorName',
  'collectionAddress',
  'deliveryAddress',
  'collectionDate',
  'contents',
  'contentValue',
  'coverAmount',
  'coverFee',
  'customs',
  'items',
  'notes',
  'dropOffPointId',
  'printerless',
  'parcels',
  'chargeableWeightKg',
  'estimatedDelivery',
  'currency',
  'net',
  'vat',
  'total',
  'priceValidUntil',
] as const;

export type BookedOrderValues = {
  [K in (typeof BOOKING_COLUMNS)[number]]-?: Exclude<NewOrder[K], undefined>;
};

/**
 * insertOrder for a booking: the order, the vendor's version bump, the first timeline event and
 * the `alongside` writes (the quote marked booked) as one batch, all or nothing, with statements
 * built once per database. A booking is the hottest write there is, so bookings made in the
 * same turn of the event loop commit together (db/group-commit.ts).
 */
export async function insertBookedOrder(
  db: Database,
  values: BookedOrderValues,
  actor: OrderActor,
  now: Date,
  alongside: readonly PreparedWrite[] = [],
  note = 'Order placed',
  /** The order's id when the caller has one (a batch row's, its idempotency key); else a new one. */
  id?: string,
): Promise<OrderRow> {
  const queries = bookingQueries(db);
  const order = newOrderRow(values, now, id);
  await groupedWriteBatch(db, [
    { query: queries.order, values: order },
    { query: queries.bumpVendor, values: { vendorId: values.vendorId } },
    {
      query: queries.event,
      values: {
        id: uuidv7(),
        orderId: order.id,
        at: now,
        actorId: actor.id,
        actorRole: actor.role,
        from: null,
        to: values.status,
        note,
      },
    },
    ...alongside,
  ]);
  return bookedRow(order);
}

/** The columns a booking leaves unset, which start null (none has a default). */
const UNSET_BY_BOOKING = Object.keys(getTableColumns(orders)).filter(
  (field) => !([...BOOKING_COLUMNS, ...NEW_ORDER_COLUMNS] as readonly string[]).includes(field),
);

/**
 * The row a booking just wrote, as a read gives it, from the values it wrote: every column is
 * one the booking names or one of UNSET_BY_BOOKING. Reading it back (RETURNING) made SQLite
 * build, and the driver and drizzle map, 45 columns the process already had.
 */
function bookedRow(order: ReturnType<typeof newOrderRow<BookedOrderValues>>): OrderRow {
  const row = { ...order } as Record<string, unknown>;
  for (const field of UNSET_BY_BOOKING) row[field] = null;
  return row as OrderRow;
}

/** Every column named, so that no default is computed once at build time and frozen. */
const bookingQueries = perDatabase((db) => {
  const placeholders = (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, sql.placeholder(name)]));
  return {
    order: db
      .insert(orders)
      .values(placeholders([...BOOKING_COLUMNS, ...NEW_ORDER_COLUMNS]) as unknown as NewOrder)
      .prepare(),
    bumpVendor: bumpVendorOrdersQuery(db, sql.placeholder('vendorId')).prepare(),
    event: db
      .insert(orderEvents)
      .values(
        placeholders([
          'id',
          'orderId',
          'at',
          'actorId',
          'actorRole',
          'from',
          'to',
          'note',
        ]) as unknown as typeof orderEvents.$inferInsert,
      )
      .prepare(),
  };
});

/**
 * Marks the vendor's orders as changed (see vendorOrderVersions): every insert and status move
 * calls it, in the same transaction, since those are the writes that change what the dashboard's
 * filters (status, paid, placed on, search text) match.
 */
async function bumpVendorOrders(tx: DbOrTx, vendorId: string): Promise<void> {
  await bumpVendorOrdersQuery(tx, vendorId);
}

function bumpVendorOrdersQuery(tx: DbOrTx, vendorId: string | Placeholder) {
  return tx
    .insert(vendorOrderVersions)
    .values({ vendorId, version: 1 })
    .onConflictDoUpdate({
      target: vendorOrderVersions.vendorId,
      set: { version: sql`${vendorOrderVersions.version} + 1` },
    });
}

/**
 * A refund (in full or in part) changes the revenue of the vendor whose order the payment paid
 * for, so its cached figures must start afresh. For an order's own payment or its job's.
 */
export async function bumpVendorOrdersOfPayment(
  db: DbOrTx,
  payment: { orderId: string | null; jobId: string | null },
): Promise<void> {
  const where = payment.orderId
    ? eq(orders.id, payment.orderId)
    : payment.jobId
      ? eq(orders.jobId, payment.jobId)
      : undefined;
  if (!where) return;
  const order = await db.query.orders.findFirst({ where, columns: { vendorId: true } });
  if (order) await bumpVendorOrders(db, order.vendorId);
}

/** Asked on every page of a vendor's list: built once per database, not per request. */
const versionOfVendor = perDatabase((db) =>
  db
    .select({ version: vendorOrderVersions.version })
    .from(vendorOrderVersions)
    .where(eq(vendorOrderVersions.vendorId, sql.placeholder('vendorId')))
    .limit(1)
    .prepare(),
);

/** The number bumpVendorOrders last set for the vendor; 0 before its first order. */
export async function vendorOrdersVersion(db: Database, vendorId: string): Promise<number> {
  const row = await versionOfVendor(db).get({ vendorId });
  return row?.version ?? 0;
}

/**
 * Writes one entry of an order's timeline. `from` equals `to` for a change that is not a status
 * change (a new tracking number, a moved collection date), which the timeline still shows.
 */
export async function recordOrderEvent(
  tx: DbOrTx,
  orderId: string,
  actor: OrderActor,
  now: Date,
  event: {
    from: OrderStatus | null;
    to: OrderStatus;
    note: string | null;
    kind?: TrackingEventKind | null;
    expectedDelivery?: string | null;
    /** With out for delivery: the driver and the round's window. */
    driverName?: string | null;
    windowFrom?: string | null;
    windowTo?: string | null;
    /** A claim's move (features/claims), which leaves the order's status as it is. */
    claimStatus?: ClaimStatus | null;
    /** An adjustment's move (features/adjustments), which leaves it as it is too. */
    adjustmentStatus?: AdjustmentStatus | null;
    /** A return booked (features/returns), likewise: the link and the other order. */
    returnLink?: 'return_booked' | 'return_of' | null;
    linkedOrderId?: string | null;
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    at: now,
    actorId: actor.id,
    actorRole: actor.role,
    ...event,
  });
}

/**
 * Moves an order from `order.status` to `to` and writes the event. The update is conditional on
 * the status the caller read, so two racing changes cannot both apply: the loser gets null and
 * should re-read. The caller has already checked the move with checkTransition().
 */
export async function applyTransition(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: OrderStatus,
  actor: OrderActor,
  now: Date,
  options: { note?: string | null; set?: Partial<Pick<NewOrder, 'paidAt' | 'trackingNumber'>> } = {},
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ ...options.set, status: to, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!row) return null;
  await bumpVendorOrders(tx, row.vendorId);
  await recordOrderEvent(tx, order.id, actor, now, { from: order.status, to, note: options.note ?? null });
  return row;
}

/**
 * A tracking number no other order has. Run it inside the transaction that stores the number:
 * an immediate transaction holds the write lock, so no other writer can take the same number
 * between the check and the update (and the column is unique besides).
 */
export async function uniqueTrackingNumber(tx: DbOrTx): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const candidate = generateTrackingNumber();
    const taken = await tx.query.orders.findFirst({
      where: eq(orders.trackingNumber, candidate),
      columns: { id: true },
    });
    if (!taken) return candidate;
  }
  // A billion numbers and ten misses in a row: something other than chance is wrong.
  throw new Error('could not find a free tracking number');
}
