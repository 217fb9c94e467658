import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { resolveTarget, type UrlPolicy } from './webhook-url';

export const SEND_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as partners verify it. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  /** null when nothing was sent (the endpoint's secret could not be read). */
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
};

/**
 * POSTs one signed event. The host is resolved and checked first (webhook-url.ts) and the socket
 * connects to the checked address only; TLS still verifies the certificate for the host name.
 * Redirects are not followed (a redirect could point anywhere). Never throws: the result says.
 */
export async function sendWebhook(
  input: { url: string; secret: string; eventId: string; body: string; now: Date },
  policy: UrlPolicy,
): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  const url = new URL(input.url);
  try {
    target = await resolveTarget(url, policy);
  } catch (err) {
    return {
      ok: false,
      statusCode: null,
      latencyMs: latency(),
      responseExcerpt: null,
      error: (err as Error).message,
    };
  }
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(input.body)),
    'User-Agent': 'Consign-Webhooks/1',
    'Consign-Event-Id': input.eventId,
    'Consign-Signature': signature(input.secret, input.body, Math.floor(input.now.getTime() / 1000)),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: SEND_TIMEOUT_MS,
        // Connect to the address that was checked, whatever DNS would answer now.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
          } else {
            (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
          }
        },
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT_CHARS) excerpt += chunk;
        });
        res.on('end', () => {
          resolve({
            ok,
            statusCode,
            latencyMs: latency(),
            responseExcerpt: excerpt.slice(0, EXCERPT_CHARS) || null,
            error: ok ? null : `HTTP ${statusCode}`,
          });
        });
        res.on('error', (err) =>
          resolve({ ok: false, statusCode, latencyMs: latency(), responseExcerpt: null, error: err.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) =>
      resolve({
        ok: false,
        statusCode: null,
        latencyMs: latency(),
        responseExcerpt: null,
        error: err.message,
      }),
    );
    req.end(input.body);
  });
}
