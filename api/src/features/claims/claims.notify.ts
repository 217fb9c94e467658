/**
 * Every claim change mails the customer and the order's courier (an outbox subscriber,
 * lib/outbox.ts): the change's transaction wrote `claim.changed`; this runs after, retried on
 * failure. The claim is read as it is now, so a delivery retried later still says the truth;
 * the move to with_courier follows filing in the same request, so filing sends one mail each.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { claims, orders, users } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { orderReference } from '../orders';
import { vendorOwner } from '../vendors';
import { CLAIM_EVENTS, type ClaimChangedData } from './claims.change';
import { type ClaimMailTarget, claimEmail, lossOfferEmail } from './claims.emails';
import { LOSS_OFFER_EVENT, toClaimDto } from './claims.service';

export const claimMailSubscriber: Subscriber<AppDeps> = {
  name: 'claim-mail',
  types: [CLAIM_EVENTS.changed],
  async targets(_tx, event): Promise<ClaimMailTarget[]> {
    // Filing writes submitted then with_courier at once: the second says everything.
    return (event.data as ClaimChangedData).to === 'submitted' ? [] : ['customer', 'courier'];
  },
  async deliver(deps, event: OutboxEvent, target) {
    const data = event.data as ClaimChangedData;
    const row = await deps.db.query.claims.findFirst({ where: eq(claims.id, data.claimId) });
    if (!row) return;
    // The mail tells of this move, with the claim's figures as they stand.
    const claim = { ...toClaimDto(row), status: data.to };
    if ((target as ClaimMailTarget) === 'customer') {
      const user = await deps.db.query.users.findFirst({
        where: eq(users.id, row.customerId),
        columns: { email: true },
      });
      if (user)
        await deps.mailer.send(
          claimEmail(user.email, claim, 'customer', `${linkBase(deps.config)}/dashboard`),
        );
      return;
    }
    const owner = await vendorOwner(deps.db, row.vendorId);
    if (owner)
      await deps.mailer.send(
        claimEmail(owner.email, claim, 'courier', `${linkBase(deps.config)}/vendor-dashboard`),
      );
  },
};

/**
 * The offer of a loss claim, mailed to the order's customer once (the sweep marks the order first).
 * The sweep serves no request, so its link is on PUBLIC_URL.
 */
export const lossOfferMailSubscriber: Subscriber<AppDeps> = {
  name: 'claim-loss-offer-mail',
  types: [LOSS_OFFER_EVENT],
  async deliver(deps, event: OutboxEvent) {
    const data = event.data as { orderId: string; reason: 'exception' | 'no_scan' };
    const [row] = await deps.db
      .select({ id: orders.id, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(eq(orders.id, data.orderId));
    if (!row) return;
    const url = `${deps.config.publicUrl}/dashboard?order=${encodeURIComponent(row.id)}`;
    await deps.mailer.send(
      lossOfferEmail(
        row.email,
        {
          reference: orderReference(row.id),
          reason: data.reason,
          noScanWorkingDays: deps.config.claims.noScanWorkingDays,
        },
        url,
      ),
    );
  },
};
