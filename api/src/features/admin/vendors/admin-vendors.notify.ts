/**
 * The vendor's email about staff activating or suspending its shop, as an outbox subscriber
 * (lib/outbox.ts): the status change's transaction writes the event, and this sends the mail off
 * the request path, so an unreachable mail server neither fails the staff action that already
 * committed nor loses the mail (the outbox retries it).
 */
import type { AppDeps } from '../../../context';
import { linkBase } from '../../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../../lib/outbox';
import { vendorOwner } from '../../vendors';
import { vendorActivatedEmail, vendorSuspendedEmail } from './admin-vendors.emails';

export const VENDOR_EVENTS = {
  activated: 'vendor.activated',
  suspended: 'vendor.suspended',
} as const;

/** The reason is the staff member's words to the vendor: the suspension mail quotes it. */
export type VendorStatusData = { vendorId: string; reason: string };

export const vendorStatusMailSubscriber: Subscriber<AppDeps> = {
  name: 'vendor-status-mail',
  types: Object.values(VENDOR_EVENTS),
  async deliver(deps, event: OutboxEvent) {
    const { vendorId, reason } = event.data as VendorStatusData;
    const owner = await vendorOwner(deps.db, vendorId);
    if (!owner) return;
    await deps.mailer.send(
      event.type === VENDOR_EVENTS.activated
        ? vendorActivatedEmail(owner.email, owner.shopName, `${linkBase(deps.config)}/vendor-dashboard`)
        : vendorSuspendedEmail(owner.email, owner.shopName, reason),
    );
  },
};
