export type MailMessage = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
