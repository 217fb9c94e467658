/**
 * Every adjustment change mails whom it concerns (an outbox subscriber, lib/outbox.ts): the
 * customer at filing, the courier at the customer's answer, both at staff's decision and the
 * payment. The adjustment is read as it is now, with the status of the move being told.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { adjustments, users } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { vendorOwner } from '../vendors';
import { ADJUSTMENT_EVENTS, type AdjustmentChangedData } from './adjustments.change';
import { type AdjustmentMailTarget, adjustmentEmail, adjustmentMailTargets } from './adjustments.emails';
import { toAdjustmentDto } from './adjustments.service';

export const adjustmentMailSubscriber: Subscriber<AppDeps> = {
  name: 'adjustment-mail',
  types: [ADJUSTMENT_EVENTS.changed],
  async targets(_tx, event) {
    return adjustmentMailTargets((event.data as AdjustmentChangedData).to);
  },
  async deliver(deps, event: OutboxEvent, target) {
    const data = event.data as AdjustmentChangedData;
    const row = await deps.db.query.adjustments.findFirst({ where: eq(adjustments.id, data.adjustmentId) });
    if (!row) return;
    const adjustment = { ...toAdjustmentDto(row), status: data.to };
    if ((target as AdjustmentMailTarget) === 'customer') {
      const user = await deps.db.query.users.findFirst({
        where: eq(users.id, row.customerId),
        columns: { email: true },
      });
      if (user)
        await deps.mailer.send(
          adjustmentEmail(user.email, adjustment, 'customer', `${linkBase(deps.config)}/dashboard`),
        );
      return;
    }
    const owner = await vendorOwner(deps.db, row.vendorId);
    if (owner)
      await deps.mailer.send(
        adjustmentEmail(owner.email, adjustment, 'courier', `${linkBase(deps.config)}/vendor-dashboard`),
      );
  },
};
