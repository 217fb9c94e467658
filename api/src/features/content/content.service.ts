import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { articles, contactMessages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Limit } from '../../lib/rate-limit';
import { type ContactDetails, contactMessageEmail } from './content.emails';
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
   * Stores the message, then emails staff. The message is kept even if mail fails (the
   * sender is not asked to retry, and notifiedAt stays empty so staff can find it).
   */
  async contact(message: ContactDetails, address: string): Promise<void> {
    await this.deps.rateLimiter.hit(CONTACT_LIMIT, address);
    const now = this.deps.now();
    const [row] = await this.deps.db
      .insert(contactMessages)
      .values({ ...message, address, createdAt: now })
      .returning({ id: contactMessages.id });
    try {
      await this.deps.mailer.send(contactMessageEmail(this.deps.config.mail.staffEmail, message, now));
      await this.deps.db
        .update(contactMessages)
        .set({ notifiedAt: this.deps.now() })
        .where(eq(contactMessages.id, row!.id));
    } catch (err) {
      this.deps.logger.error({ err, contactMessageId: row!.id }, 'could not email staff a contact message');
    }
  }
}
