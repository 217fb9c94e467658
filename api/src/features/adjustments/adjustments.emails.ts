/**
 * Adjustment emails: the customer hears when a courier files one (what was booked, what was
 * measured, the difference, and what to do); the courier hears the customer's answer and staff's
 * decision; both hear when the difference is paid. What a person typed is escaped in the HTML.
 */
import { formatMoney } from '../../domain/money';
import { ADJUSTMENT_STATUS_FACTS, type AdjustmentStatus } from '../../domain/statuses';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, type Rows, table, textRows } from '../../providers/mail/layout';
import type { AdjustmentDto } from './adjustments.service';

export type AdjustmentMailTarget = 'customer' | 'courier';

const LINES: Record<AdjustmentStatus, Partial<Record<AdjustmentMailTarget, string>>> = {
  awaiting_customer: {
    customer:
      'The courier measured your parcel heavier or larger than booked and asks for the difference, priced by its published rate card. Nothing is charged unless you accept it: accept and pay the difference, or dispute it with your reason and Consign staff decide.',
  },
  accepted: {
    courier: 'The customer accepted your adjustment and is paying the difference.',
  },
  disputed: {
    courier:
      'The customer disputed your adjustment. Consign staff will decide it; the customer’s reason is below.',
  },
  upheld: {
    customer:
      'Consign staff reviewed your dispute and upheld the adjustment: the difference is due. Pay it from your dashboard.',
    courier: 'Consign staff upheld your adjustment: the customer owes the difference.',
  },
  overturned: {
    customer: 'Consign staff reviewed your dispute and overturned the adjustment: you pay nothing more.',
    courier: 'Consign staff overturned your adjustment: nothing is charged to the customer.',
  },
  paid: {
    customer: 'Thank you: the difference is paid.',
    courier: 'The customer paid the difference; it is in your earnings, less the commission.',
  },
};

/** Who hears of a move to `status`. */
export function adjustmentMailTargets(status: AdjustmentStatus): AdjustmentMailTarget[] {
  return (['customer', 'courier'] as const).filter((t) => LINES[status][t] !== undefined);
}

const kg = (n: number) => `${n} kg`;

export function adjustmentEmail(
  to: string,
  adjustment: AdjustmentDto,
  target: AdjustmentMailTarget,
  url: string,
): MailMessage {
  const label = ADJUSTMENT_STATUS_FACTS[adjustment.status].label.toLowerCase();
  const subject = `Price adjustment ${adjustment.reference} on order ${adjustment.orderReference}: ${label}`;
  const line = LINES[adjustment.status][target] ?? '';
  const rows: Rows = [
    ['Order', adjustment.orderReference],
    ['Status', ADJUSTMENT_STATUS_FACTS[adjustment.status].label],
    ['Chargeable weight booked', kg(adjustment.bookedChargeableKg)],
    ['Chargeable weight measured', kg(adjustment.measuredChargeableKg)],
    ['Price booked', formatMoney(adjustment.bookedPrice)],
    ['Price as measured', formatMoney(adjustment.adjustedPrice)],
    ['Difference', formatMoney(adjustment.difference)],
    ...(adjustment.note ? ([['Courier’s note', adjustment.note]] as Rows) : []),
    ...(adjustment.disputeReason ? ([['Customer’s reason', adjustment.disputeReason]] as Rows) : []),
    ...(adjustment.staffNote ? ([['Consign’s decision', adjustment.staffNote]] as Rows) : []),
  ];
  const linkLabel = 'Open your dashboard';
  return {
    to,
    subject,
    text: `${line}\n\n${textRows(rows)}\n\n${linkLabel}: ${url}\n`,
    html: layout(
      subject,
      `<p>${escapeHtml(line)}</p>
${table(rows)}
${button(url, linkLabel)}`,
      'a price adjustment on an order on your Consign account',
    ),
  };
}
