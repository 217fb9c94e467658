import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Logger, LogHasher } from '../../lib/logger';
import type { Mailer, MailMessage } from './mailer';

/** The embedded default: mail is kept in the database and read on /dev/mailbox. */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly hashAddress: LogHasher,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const { attachments = [], ...mail } = message;
    // The dev mailbox has no attachments: an inline image is drawn from a data URL instead.
    const html = attachments.reduce(
      (page, file) =>
        file.cid
          ? page.replaceAll(
              `cid:${file.cid}`,
              `data:${file.contentType};base64,${file.content.toString('base64')}`,
            )
          : page,
      mail.html,
    );
    await this.db.insert(outbox).values({ ...mail, html });
    this.logger.info(
      { recipient: this.hashAddress(message.to) },
      'mail stored in the outbox (no SMTP_URL set)',
    );
  }
}
