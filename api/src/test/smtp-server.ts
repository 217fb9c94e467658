import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the server accepted: its envelope and its raw text. */
export type ReceivedMail = { from: string; to: string[]; raw: string };

export type LoopbackSmtp = {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL or an SmtpMailer. */
  url: string;
  /** What it accepted, oldest first; a test may empty it. */
  received: ReceivedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on loopback: nodemailer speaks the real protocol to it. `beforeAccepting`,
 * when given, is awaited once a message's data has arrived and before the server answers: a test
 * holds a mail in flight with it.
 */
export async function startSmtpServer(
  options: { beforeAccepting?: (mail: ReceivedMail) => Promise<void> } = {},
): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        };
        void (options.beforeAccepting?.(mail) ?? Promise.resolve()).then(() => {
          received.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
