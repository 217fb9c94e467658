/**
 * Staff's email about a contact-form message, as an outbox subscriber (lib/outbox.ts): the
 * message and its event are saved together, and the mail follows off the request path, retried
 * while the mail server is down. The event carries the message's id only: the sender's words and
 * details stay in their table, not copied into the outbox.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { contactMessages } from '../../db/schema';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { contactMessageEmail } from './content.emails';

export const CONTACT_EVENTS = { received: 'contact.message_received' } as const;

export type ContactReceivedData = { contactMessageId: string };

export const contactMailSubscriber: Subscriber<AppDeps> = {
  name: 'contact-mail',
  types: Object.values(CONTACT_EVENTS),
  async deliver(deps, event: OutboxEvent) {
    const { contactMessageId } = event.data as ContactReceivedData;
    const row = await deps.db.query.contactMessages.findFirst({
      where: eq(contactMessages.id, contactMessageId),
    });
    if (!row) return;
    await deps.mailer.send(contactMessageEmail(deps.config.mail.staffEmail, row, row.createdAt));
    // notifiedAt stays empty until staff were emailed (the console shows it).
    await deps.db
      .update(contactMessages)
      .set({ notifiedAt: deps.now() })
      .where(eq(contactMessages.id, contactMessageId));
  },
};
