export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. RFC 8058 List-Unsubscribe); SMTP sends them, the dev outbox keeps the body only. */
  headers?: Record<string, string>;
  /**
   * Files sent with the mail; one with a `cid` is an inline image the HTML shows as
   * `<img src="cid:…">` (the printerless drop-off QR code). The dev outbox shows those in place.
   */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string; cid?: string };

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
