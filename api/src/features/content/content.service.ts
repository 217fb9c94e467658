import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { articles, contactMessages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import type { Limit } from '../../lib/rate-limit';
import type { ContactDetails } from './content.emails';
import { CONTACT_EVENTS, type ContactReceivedData } from './content.notify';
import { sanitizeArticleHtml } from './sanitize';

export const CONTACT_LIMIT: Limit = { name: 'contact-ip', max: 5, windowSeconds: 3600 };

export class ContentService {
  constructor(private readonly deps: AppDeps) {}

  /** Sanitised on the way out, so HTML put in the table by any means is safe to render. */
  async article(slug: string) {
    const row = await this.deps.db.query.articles.findFirst({ where: eq(articles.slug, slug) });
    if (!row) throw AppError.notFound('Article not found');
    return { slug: row.slug, title: row.title, html: sanitizeArticleHtml(row.html) };
  }

  /**
   * Stores the message with the outbox event that emails staff (content.notify.ts): the message is
   * kept even when mail fails, and the mail is retried; notifiedAt is set once it went.
   */
  async contact(message: ContactDetails, address: string): Promise<void> {
    await this.deps.rateLimiter.hit(CONTACT_LIMIT, address);
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...message, address, createdAt: now })
        .returning({ id: contactMessages.id });
      const data: ContactReceivedData = { contactMessageId: row!.id };
      await publish(tx, CONTACT_EVENTS.received, data, now);
    });
  }
}
