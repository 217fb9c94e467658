export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. RFC 8058 List-Unsubscribe); SMTP sends them, the dev outbox keeps the body only. */
  headers?: Record<string, string>;
  /** Files sent with it (a receipt, a credit note); SMTP attaches them, the dev outbox keeps the body only. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
