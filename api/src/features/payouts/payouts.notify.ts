/** The courier hears of each payout paid or come back (outbox subscriber; lib/outbox.ts). */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { payoutItems } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { Subscriber } from '../../lib/outbox';
import { vendorOwner } from '../vendors';
import { payoutPaidEmail, payoutReturnedEmail } from './payouts.emails';
import { PAYOUT_EVENTS, type PayoutItemEventData } from './payouts.run';

export const payoutMailSubscriber: Subscriber<AppDeps> = {
  name: 'payout-mail',
  types: [PAYOUT_EVENTS.paid, PAYOUT_EVENTS.returned],
  async deliver(deps, event) {
    const { payoutItemId } = event.data as PayoutItemEventData;
    const item = await deps.db.query.payoutItems.findFirst({ where: eq(payoutItems.id, payoutItemId) });
    if (!item) return;
    const to = (await vendorOwner(deps.db, item.vendorId))?.email;
    if (!to) return;
    const facts = {
      amount: item.amount,
      currency: item.currency,
      receiver: item.receiver,
      reason: item.failureReason,
    };
    const url = `${linkBase(deps.config)}/vendor-payouts`;
    await deps.mailer.send(
      event.type === PAYOUT_EVENTS.paid
        ? payoutPaidEmail(to, facts, url)
        : payoutReturnedEmail(to, facts, url),
    );
  },
};
