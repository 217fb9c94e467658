import nodemailer, { type Transporter } from 'nodemailer';
import { type Logger, logHash } from '../../lib/logger';
import type { Mailer, MailMessage } from './mailer';

export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  readonly #transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.#transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.#transporter.sendMail({ from: this.from, ...message });
    this.logger.info(
      { recipient: logHash(message.to), subject: message.subject, messageId: info.messageId },
      'mail sent',
    );
  }

  close() {
    this.#transporter.close();
  }
}
