/** A webhook receiver for the browser tests, and the check of Consign's signature. */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver: answers 200 to every POST and keeps what it got. */
export async function receiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/consign`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Consign-Signature is t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, as docs/partners.md says. */
export function signatureValid(request: Received, secret: string): boolean {
  const header = String(request.headers['consign-signature'] ?? '');
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
  if (!t || !v1) return false;
  return createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex') === v1;
}
