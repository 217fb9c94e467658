/**
 * Mails the batch's owner once a charge's paid rows are all booked or failed (`batch.completed`,
 * an outbox subscriber: lib/outbox.ts), with the payment's VAT receipt attached. Retried by the
 * outbox on failure; the event is published once per charge.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { batches, payments, receipts, users } from '../../db/schema';
import { receiptNumberLabel } from '../../domain/finance';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { BATCH_EVENTS, type BatchCompletedData } from './batches.booking';
import { chargeReference } from './batches.charges';
import { batchPaidEmail } from './batches.emails';
import { renderBatchReceipt } from './batches.receipts';

export const batchPaidMailSubscriber: Subscriber<AppDeps> = {
  name: 'batch-paid-mail',
  types: [BATCH_EVENTS.completed],
  async deliver(deps, event: OutboxEvent) {
    const data = event.data as BatchCompletedData;
    const batch = await deps.db.query.batches.findFirst({ where: eq(batches.id, data.batchId) });
    if (!batch) return;
    const owner = await deps.db.query.users.findFirst({
      where: eq(users.id, batch.ownerId),
      columns: { email: true },
    });
    const payment = await deps.db.query.payments.findFirst({
      where: eq(payments.batchChargeId, data.chargeId),
    });
    if (!owner || !payment) return;
    const receipt = await deps.db.query.receipts.findFirst({ where: eq(receipts.paymentId, payment.id) });
    const number = receipt ? receiptNumberLabel(receipt.number) : null;
    const file = number ? await renderBatchReceipt(deps, batch, number) : null;
    await deps.mailer.send(
      batchPaidEmail(
        owner.email,
        {
          name: batch.name,
          reference: chargeReference(batch.id),
          paid: { amount: payment.amount, currency: payment.currency },
          booked: data.booked,
          failed: data.failed,
          receipt: number && file ? { number, ...file } : null,
        },
        `${linkBase(deps.config)}/batches/${encodeURIComponent(batch.id)}`,
      ),
    );
  },
};
