import type { Mailer, MailMessage } from '../providers/mail';

/**
 * The real mailer a test passes in (built lazily, once the app exists), failing while `down` is
 * set, as an unreachable SMTP server would: for tests of mail sent through the outbox.
 */
export class FlakyMailer implements Mailer {
  readonly transport = 'outbox' as const;
  down = false;
  constructor(private readonly inner: () => Mailer) {}
  async send(message: MailMessage) {
    if (this.down) throw new Error('connection refused');
    await this.inner().send(message);
  }
}
