import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';
import { type Logger, logHash } from '../../lib/logger';
import type { Mailer, MailMessage } from './mailer';

/** The embedded default: mail is kept in the database and read on /dev/mailbox. */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outbox).values(message);
    this.logger.info(
      { recipient: logHash(message.to), subject: message.subject },
      'mail stored in the outbox (no SMTP_URL set)',
    );
  }
}
