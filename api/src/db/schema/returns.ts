/**
 * Returns (docs/claims-and-returns.md, "Returns"): a partner's return policy, and the link from a
 * return order to the order it sends back. The return itself is an ordinary order (booked from a
 * quote for the reverse route); this row says what it returns, why, and who pays.
 */

import { RETURN_PAYERS, RETURN_REASONS, type ReturnReason } from '@consign/shared/returns';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../domain/currency';
import { createdAt, id, timestamp } from './columns';
import { orders } from './orders';
import { partners } from './partners';

/** A partner's policy for returns of orders booked through it; without a row, Consign's default. */
export const returnPolicies = sqliteTable('return_policies', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  windowDays: integer('window_days').notNull(),
  reasons: text('reasons', { mode: 'json' }).$type<ReturnReason[]>().notNull(),
  payer: text('payer', { enum: RETURN_PAYERS }).notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at').notNull(),
});

export const orderReturns = sqliteTable(
  'order_returns',
  {
    id: id(),
    originalOrderId: text('original_order_id')
      .notNull()
      .references(() => orders.id),
    returnOrderId: text('return_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    payer: text('payer', { enum: RETURN_PAYERS }).notNull(),
    /** The original's partner, whose policy applied (and who is charged when it pays). */
    partnerId: text('partner_id'),
    /**
     * A partner-paid return: the charge that collects (open) or collected (paid) its price. Owed
     * while null or its charge is not paid (docs/claims-and-returns.md, "Charging the partner").
     */
    chargeId: text('charge_id').references(() => returnCharges.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_returns_return_unique').on(t.returnOrderId),
    index('order_returns_original_idx').on(t.originalOrderId),
    index('order_returns_partner_idx').on(t.partnerId, t.createdAt),
    index('order_returns_charge_idx').on(t.chargeId),
  ],
);

/**
 * One payment by a partner for the returns it owes (its policy says it pays): the returns owed
 * when the payment started, one provider order with an item per return. A charge whose set of
 * returns no longer matches what is owed is voided when the next payment starts.
 */
export const returnCharges = sqliteTable(
  'return_charges',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** Minor units: the sum of its returns' totals. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    returnCount: integer('return_count').notNull(),
    status: text('status', { enum: ['open', 'paid', 'void'] })
      .notNull()
      .default('open'),
    paidAt: timestamp('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [index('return_charges_partner_idx').on(t.partnerId, t.createdAt)],
);
