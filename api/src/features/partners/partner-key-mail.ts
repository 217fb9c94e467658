/**
 * Staff rotated a partner's publishable key: every active person of the partner is told the new
 * key's start and when the old one stops, so a live widget is redeployed before it breaks.
 * Through the outbox, one delivery per person, after the rotation has committed.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { partners, users } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { Subscriber } from '../../lib/outbox';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout } from '../../providers/mail/layout';
import { partnerPeopleIds } from './partner-people';

export const PARTNER_KEY_EVENTS = { rotated: 'partner.key_rotated' } as const;

/** The part of a key a person recognises without the mail carrying the key itself. */
export const keyPrefix = (key: string) => `${key.slice(0, 16)}…`;

const UK_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function keyRotatedEmail(
  to: string,
  shop: string,
  newPrefix: string,
  oldStopsAt: Date,
  partnerUrl: string,
): MailMessage {
  const deadline = UK_TIME.format(oldStopsAt);
  return {
    to,
    subject: 'Your Consign publishable key was replaced: update your pages',
    text:
      `Consign staff replaced the publishable key of ${shop}. The new key starts ${newPrefix}\n\n` +
      `The old key keeps working until ${deadline}; after that the widget on any page that still uses it stops. ` +
      `Copy the new key from your partner area and put it in your pages before then:\n${partnerUrl}\n`,
    html: layout(
      'Publishable key replaced',
      `<p>Consign staff replaced the publishable key of ${escapeHtml(shop)}. The new key starts <code>${escapeHtml(newPrefix)}</code>.</p>
<p>The old key keeps working until <strong>${escapeHtml(deadline)}</strong>; after that the widget on any page that still uses it stops. Copy the new key from your partner area and put it in your pages before then.</p>
${button(partnerUrl, 'Open the partner area')}`,
      'the Consign partner account you belong to',
    ),
  };
}

export const partnerKeyMailSubscriber: Subscriber<AppDeps> = {
  name: 'partner-key-rotated-mail',
  types: [PARTNER_KEY_EVENTS.rotated],
  targets: (tx, event) => partnerPeopleIds(tx, String(event.data.partnerId)),
  async deliver(deps, event, userId) {
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const partner = await deps.db.query.partners.findFirst({
      where: eq(partners.id, String(event.data.partnerId)),
    });
    if (!user || !partner?.previousKeyExpiresAt) return;
    await deps.mailer.send(
      keyRotatedEmail(
        user.email,
        partner.name,
        keyPrefix(partner.publishableKey),
        partner.previousKeyExpiresAt,
        `${linkBase(deps.config)}/partner`,
      ),
    );
  },
};
