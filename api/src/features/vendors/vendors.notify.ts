/**
 * Staff's email about a submitted onboarding, as an outbox subscriber (lib/outbox.ts): the
 * submission and its event commit together, and the mail follows off the request path, retried
 * while the mail server is down.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { vendors } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { onboardingSubmittedEmail } from './vendors.emails';

export const ONBOARDING_EVENTS = { submitted: 'vendor.onboarding_submitted' } as const;

export type OnboardingSubmittedData = { vendorId: string };

export const onboardingMailSubscriber: Subscriber<AppDeps> = {
  name: 'onboarding-mail',
  types: Object.values(ONBOARDING_EVENTS),
  async deliver(deps, event: OutboxEvent) {
    const { vendorId } = event.data as OnboardingSubmittedData;
    const vendor = await deps.db.query.vendors.findFirst({ where: eq(vendors.id, vendorId) });
    if (!vendor) return;
    await deps.mailer.send(
      onboardingSubmittedEmail(deps.config.mail.staffEmail, {
        vendorId,
        shopName: vendor.shopName,
        adminUrl: `${linkBase(deps.config)}/admin/`,
      }),
    );
  },
};
