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
    await this.db.insert(outbox).values(message);
    this.logger.info(
      { recipient: this.hashAddress(message.to) },
      'mail stored in the outbox (no SMTP_URL set)',
    );
  }
}
