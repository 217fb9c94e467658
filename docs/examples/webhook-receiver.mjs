// A small Consign webhook receiver that verifies every signature (docs/partners.md).
//
//   CONSIGN_WEBHOOK_SECRET=whsec_… node docs/examples/webhook-receiver.mjs
//
// Then add http://127.0.0.1:4242/consign/webhooks as an endpoint in your partner area (http and
// 127.0.0.1 are allowed outside production) and press "Send test event".
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.CONSIGN_WEBHOOK_SECRET;
const PORT = Number(process.env.PORT ?? 4242);
/** Refuse signatures older than this: a captured request cannot be replayed later. */
const TOLERANCE_SECONDS = 5 * 60;
if (!SECRET) {
  console.error('Set CONSIGN_WEBHOOK_SECRET to the whsec_… secret shown when you added the endpoint.');
  process.exit(1);
}

/** True when `header` (Consign-Signature) signs exactly these raw body bytes with the secret. */
export function verify(rawBody, header, secret, now = Date.now()) {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((p) => p.split('=')),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > TOLERANCE_SECONDS || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

const seen = new Set(); // Use your database in production: events come at least once.

createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(405).end();
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    // Verify the raw bytes, before any JSON parsing: re-serialised JSON would not match.
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!verify(raw, req.headers['consign-signature'], SECRET)) {
      console.warn('refused: bad signature');
      return res.writeHead(400).end('bad signature');
    }
    const event = JSON.parse(raw);
    if (seen.has(event.id)) return res.writeHead(200).end('already had it');
    seen.add(event.id);
    console.log(event.type, event.id, JSON.stringify(event.data));
    // Answer 2xx quickly; do slow work afterwards. Anything else is retried for 72 hours.
    res.writeHead(200).end('ok');
  });
}).listen(PORT, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${PORT}/consign/webhooks`));
