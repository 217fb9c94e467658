import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type Logger, logHasher } from '../../lib/logger';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

export type { MailAttachment, Mailer, MailMessage } from './mailer';

export function createMailer(config: Config, db: Database, logger: Logger): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, logger, logHasher(config.jwtSecret))
    : new OutboxMailer(db, logger, logHasher(config.jwtSecret));
}
