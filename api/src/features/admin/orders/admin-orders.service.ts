import { and, count, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import type { Tx } from '../../../db/client';
import { type OrderStatus, orders, refunds } from '../../../db/schema';
import type { RefundBearer } from '../../../domain/finance';
import { formatMoney } from '../../../domain/money';
import { ukDayEnd, ukDayStart } from '../../../domain/uk-days';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, listSort, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import {
  batchPaymentShare,
  changeOrder,
  ORDER_ROWID,
  ORDER_SUMMARY_ROWS,
  type OrderChange,
  type OrderRow,
  OrdersService,
  orderPayment,
  orderPayments,
  recordOrderEvent,
  toOrderSummary,
} from '../../orders';
import { requestRefund, shareExceeded } from '../../payments';
import type { AdminOrderListQuerySchema, ORDER_SORT_FIELDS } from './admin-orders.schemas';

type OrderFilter = NonNullable<z.infer<typeof AdminOrderListQuerySchema>['filter']>;

const SORT = {
  createdAt: orders.createdAt,
  status: orders.status,
  total: orders.total,
  collectionDate: orders.collectionDate,
  id: orders.id,
} satisfies Record<(typeof ORDER_SORT_FIELDS)[number], unknown>;

const NOT_FOUND = 'Order not found';

/** What refunds naming an order already gave back (or are giving back) of a split payment. */
async function refundedOfOrder(deps: AppDeps, paymentId: string, orderId: string): Promise<number> {
  const [row] = await deps.db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return row?.sum ?? 0;
}

/** Staff's view of every order: the list, one order, and status changes and refunds with a reason. */
export class AdminOrdersService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof ORDER_SORT_FIELDS)[number], OrderFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const text = f.q?.replace(/^#/, '').trim();
    // The page's keys are rowids from a walk of the sort's index alone (the filters, the search
    // and the skipped rows never read the table; every sort field sat in it made each row a
    // table read too), and the same statement reads those rows' summaries by rowid, each as one
    // JSON column of the columns a list shows (orders/order-summary.ts): whole orders through
    // the driver, drizzle and JSON were most of this list's CPU. The sort field and id ride
    // along for listPage's cursor (the next page starts after the last row's key and id).
    const sortField = listSort(list).field;
    const { rows: page, total } = await listPage(db, list, {
      rows: db.select({ rowid: ORDER_ROWID }).from(orders).$dynamic(),
      expand: (keys) =>
        db
          .select({ id: orders.id, [sortField]: SORT[sortField], row: ORDER_SUMMARY_ROWS.row })
          .from(orders)
          .where(inArray(ORDER_ROWID, keys))
          .$dynamic(),
      count: db.select({ total: count() }).from(orders).$dynamic(),
      where: [
        f.status && eq(orders.status, f.status),
        f.vendorId && eq(orders.vendorId, f.vendorId),
        f.customerId && eq(orders.customerId, f.customerId),
        f.from && gte(orders.createdAt, ukDayStart(f.from)),
        f.to && lt(orders.createdAt, ukDayEnd(f.to)),
        idsIn(orders.id, f.id),
        // search_text holds the reference's 8 characters, the recipient's name and the service
        // name, lower-cased (orderSearchText); it and vendor_name sit in orders_created_idx, so
        // the search and its count walk that index and never read the table.
        text &&
          or(
            sql`instr(${orders.searchText}, ${text.toLowerCase()}) > 0`,
            eq(orders.id, text),
            containsText(orders.vendorName, text),
          ),
      ],
      sort: SORT,
      tieBreaker: orders.id,
      cache: { list: 'admin orders', tables: ['orders'], keyset: orders },
    });
    const rows = page.map((p) => p.row);
    const payments = await orderPayments(db, rows);
    return { rows: rows.map((o) => toOrderSummary(o, payments.get(o.id), 'admin')), total };
  }

  private async find(id: string) {
    const order = await this.deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
    if (!order) throw AppError.notFound(NOT_FOUND);
    return order;
  }

  /** One order with its timeline and payment. */
  async get(id: string) {
    return new OrdersService(this.deps).detail(await this.find(id), 'admin');
  }

  /**
   * Moves an order through the status machine as an admin (409 with the machine's message when
   * the move is not allowed). The status, its timeline event and the audit row commit together;
   * afterwards a cancelled paid order is refunded and the customer emailed, as for a vendor.
   */
  async changeStatus(
    actor: AccessClaims,
    id: string,
    to: OrderStatus,
    reason: string,
    action: 'order.status' | 'order.refund' = 'order.status',
    options: {
      refund?: OrderChange['refund'];
      /** Checked inside the change's transaction, before anything is written. */
      guard?: (tx: Tx, order: OrderRow) => Promise<void>;
    } = {},
  ) {
    const { deps } = this;
    const { guard, refund } = options;
    const { before } = await changeOrder(deps, {
      orderId: id,
      to,
      ...(guard
        ? {
            edit: async (tx: Tx, order: OrderRow) => {
              await guard(tx, order);
              return { set: {}, notes: [] };
            },
          }
        : {}),
      actor: { id: actor.sub, role: 'admin' },
      note: `Staff: ${reason}`,
      refund,
      // The audit row commits with the change it records.
      alongside: (tx, prior, moved, now) =>
        recordAudit(
          tx,
          actor,
          {
            action,
            entityType: 'order',
            entityId: id,
            before: { status: prior.status },
            after: { status: moved.status },
            reason,
          },
          now,
        ),
    });
    deps.logger.info({ orderId: id, from: before.status, to }, 'admin changed order status');
    return this.get(id);
  }

  /**
   * Gives back the order's captured payment, all that is left or a part, borne by the courier
   * (default) or the platform, through the payments refund path (each refund once: its provider
   * request id is written before the provider is asked). A full refund of an order still under way
   * cancels it first, within the status machine; a part refund, or a refund after delivery (a lost
   * or damaged parcel), leaves its status alone. Staff asking at the same moment: the first
   * request refunds and writes the timeline and audit; the others answer 409 (one refund in flight
   * per payment, and a cancelled order is not cancelled again).
   */
  async refund(
    actor: AccessClaims,
    id: string,
    body: { reason: string; amount?: number | undefined; bearer?: RefundBearer | undefined },
  ) {
    const { deps } = this;
    const { reason, bearer = 'courier' } = body;
    const order = await this.find(id);
    const own = await orderPayment(deps.db, order);
    // An order a batch made was paid by the batch's payment: only its share of it can go back.
    const batch = own ? undefined : await batchPaymentShare(deps.db, order);
    const payment = own ?? batch?.payment;
    if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded')) {
      throw AppError.conflict('The order has no captured payment to refund', 'nothing_to_refund');
    }
    const alreadyRefunded = () => AppError.conflict('The order is already refunded', 'already_refunded');
    if (payment.status === 'refunded') throw alreadyRefunded();
    const refundedBefore = batch ? await refundedOfOrder(deps, payment.id, id) : payment.refundedAmount;
    const left = batch
      ? Math.min(batch.share.amount - refundedBefore, payment.amount - payment.refundedAmount)
      : payment.amount - payment.refundedAmount;
    if (left <= 0) throw alreadyRefunded();
    if (batch && body.amount !== undefined && body.amount > left) throw shareExceeded(left, payment.currency);
    const full = body.amount === undefined || body.amount === left;
    const who = { id: actor.sub, role: 'admin' as const };
    if (full && order.status !== 'delivered' && order.status !== 'cancelled') {
      // Cancelling refunds a paid order (changeOrder), borne as staff said; the audit row says why.
      await this.changeStatus(actor, id, 'cancelled', reason, 'order.refund', {
        refund: { bearer, actor: who },
        guard: async (_tx, current) => {
          if (current.status === 'cancelled') throw alreadyRefunded();
        },
      });
      return this.get(id);
    }
    let requested: Awaited<ReturnType<typeof requestRefund>>;
    try {
      requested = await requestRefund(deps, payment, {
        amount: batch ? (body.amount ?? left) : body.amount,
        ...(batch ? { orderId: id, share: batch.share.amount } : {}),
        bearer,
        reason: `Staff: ${reason}`,
        actor: who,
        exclusive: true,
      });
    } catch (err) {
      // A full refund that lost the race to another full refund: the order is refunded already.
      if (full && err instanceof AppError && err.code === 'refund_in_progress') throw alreadyRefunded();
      throw err;
    }
    const { outcome, refund } = requested;
    const done = outcome === 'refunded';
    const amount = formatMoney({ amount: refund.amount, currency: refund.currency });
    const what = full ? 'Refunded' : `Part refunded (${amount})`;
    const now = deps.now();
    await deps.db.transaction(
      async (tx) => {
        await recordOrderEvent(tx, id, who, now, {
          from: order.status,
          to: order.status,
          note: done ? `${what} by staff: ${reason}` : `Refund of ${amount} requested by staff: ${reason}`,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'order.refund',
            entityType: 'order',
            entityId: id,
            before: { payment: payment.status, refunded: refundedBefore },
            after: {
              payment: !done ? 'refund_pending' : full ? 'refunded' : 'part_refunded',
              refunded: refundedBefore + (done ? refund.amount : 0),
              ...(batch ? { batchPayment: payment.id } : {}),
              amount: refund.amount,
              bearer,
            },
            reason,
          },
          now,
        );
      },
      { behavior: 'immediate' },
    );
    return this.get(id);
  }
}
