import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger, LogHasher } from '../../lib/logger';
import type { Mailer, MailMessage } from './mailer';

export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  readonly #transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
    private readonly hashAddress: LogHasher,
  ) {
    this.#transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.#transporter.sendMail({ from: this.from, ...message });
    this.logger.info({ recipient: this.hashAddress(message.to), messageId: info.messageId }, 'mail sent');
  }

  close() {
    this.#transporter.close();
  }
}
