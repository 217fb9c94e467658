/**
 * The partner's receipt for returns it paid for: when a return charge is paid
 * (`return_charge.paid`), every active person of the partner gets a mail listing the returns and
 * the total, with the VAT receipt (one per payment, a line per return) attached. Through the
 * outbox, one delivery per person, after the capture has committed.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { partners, receipts, returnCharges, users } from '../../db/schema';
import { receiptNumberLabel } from '../../domain/finance';
import { formatMoney } from '../../domain/money';
import { ukToday } from '../../domain/uk-days';
import { linkBase } from '../../lib/origin';
import type { Subscriber } from '../../lib/outbox';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, type Rows, table, textRows } from '../../providers/mail/layout';
import { orderReference, paidWith, receiptLines, renderReceiptPdf } from '../orders';
import { partnerPeopleIds } from '../partners';
import { findPayment } from '../payments';
import { chargeReference, chargeReturns, RETURN_CHARGE_EVENTS } from './returns.charges';

export type ReturnsReceiptFacts = {
  shop: string;
  reference: string;
  receiptNumber: string;
  total: string;
  returns: { reference: string; original: string; price: string }[];
  partnerUrl: string;
};

export function returnsReceiptEmail(
  to: string,
  facts: ReturnsReceiptFacts,
  pdf: { filename: string; content: Buffer },
): MailMessage {
  const rows: Rows = facts.returns.map((r) => [`Return ${r.reference} (of ${r.original})`, r.price]);
  rows.push(['Total paid', facts.total]);
  const count = `${facts.returns.length} return${facts.returns.length === 1 ? '' : 's'}`;
  return {
    to,
    subject: `Receipt ${facts.receiptNumber}: ${facts.shop} paid ${facts.total} for ${count}`,
    text:
      `${facts.shop} paid ${facts.total} for ${count} booked on its account (payment ${facts.reference}).\n\n` +
      `${textRows(rows)}\n\nThe VAT receipt ${facts.receiptNumber} is attached. Your returns:\n${facts.partnerUrl}\n`,
    html: layout(
      `Receipt ${facts.receiptNumber}`,
      `<p>${escapeHtml(facts.shop)} paid <strong>${escapeHtml(facts.total)}</strong> for ${count} booked on its account (payment ${escapeHtml(facts.reference)}).</p>
${table(rows)}
<p>The VAT receipt ${escapeHtml(facts.receiptNumber)} is attached.</p>
${button(facts.partnerUrl, 'Open your returns')}`,
      'the Consign partner account you belong to',
    ),
    attachments: [{ ...pdf, contentType: 'application/pdf' }],
  };
}

/** The receipt of a paid charge: the seller, the shop, a line per return (as each order's own receipt). */
export async function renderChargeReceipt(deps: AppDeps, chargeId: string) {
  const charge = await deps.db.query.returnCharges.findFirst({ where: eq(returnCharges.id, chargeId) });
  const payment = await findPayment(deps.db, { kind: 'return_charge', id: chargeId });
  const receipt = payment
    ? await deps.db.query.receipts.findFirst({ where: eq(receipts.paymentId, payment.id) })
    : undefined;
  if (!charge || !payment || !receipt) return null;
  const partner = await deps.db.query.partners.findFirst({ where: eq(partners.id, charge.partnerId) });
  // The shop's first person stands for it on the receipt, as it books for the shop's batches.
  const [person] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.partnerId, charge.partnerId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const rows = await chargeReturns(deps.db, chargeId);
  const number = receiptNumberLabel(receipt.number);
  const bytes = await renderReceiptPdf(
    {
      seller: deps.config.finance.company,
      number,
      issuedOn: ukToday(receipt.issuedAt),
      orderReference: chargeReference(chargeId),
      customer: { name: partner?.name ?? 'Partner', email: person?.email ?? '' },
      currency: charge.currency,
      lines: rows.flatMap((r) =>
        receiptLines(r.order).map((line) => ({
          ...line,
          description: `Return ${orderReference(r.order.id)}: ${line.description}`,
        })),
      ),
      total: charge.amount,
      paidWith: paidWith(payment),
      notes: ['Returns booked on your account under your return policy.'],
    },
    { creationDate: receipt.issuedAt },
  );
  return {
    charge,
    partner,
    rows,
    number,
    pdf: { filename: `consign-receipt-${number}.pdf`, content: bytes },
  };
}

export const returnChargeMailSubscriber: Subscriber<AppDeps> = {
  name: 'return-charge-receipt-mail',
  types: [RETURN_CHARGE_EVENTS.paid],
  targets: (tx, event) => partnerPeopleIds(tx, String(event.data.partnerId)),
  async deliver(deps, event, userId) {
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const made = await renderChargeReceipt(deps, String(event.data.chargeId));
    if (!made) return;
    const money = (amount: number) => formatMoney({ amount, currency: made.charge.currency });
    await deps.mailer.send(
      returnsReceiptEmail(
        user.email,
        {
          shop: made.partner?.name ?? 'Your shop',
          reference: chargeReference(made.charge.id),
          receiptNumber: made.number,
          total: money(made.charge.amount),
          returns: made.rows.map((r) => ({
            reference: orderReference(r.order.id),
            original: orderReference(r.link.originalOrderId),
            price: money(r.order.total),
          })),
          partnerUrl: `${linkBase(deps.config)}/partner#returns`,
        },
        made.pdf,
      ),
    );
  },
};
