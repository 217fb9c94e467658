/**
 * Secrets the server must read back (a webhook endpoint's signing secret signs every delivery, so
 * it cannot be hashed) are stored sealed: AES-256-GCM under a key derived with HKDF-SHA256 from
 * the server's own secret (JWT_SECRET) and a purpose, so a copy of the database or a backup alone
 * does not give them away. The sealed text is bound to its row (`context`, as additional data):
 * moved to another row it does not open. Values stored before sealing (no `gcm1.` prefix) read
 * as they are, so rows written by an older version keep working until they are sealed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'gcm1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedSecretError extends Error {}

/** A 256-bit key for one purpose ('webhook-endpoint-secrets'), derived from the server's secret. */
export function sealingKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'consign sealed secrets', purpose, 32));
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** `gcm1.<iv>.<ciphertext and tag>`, base64url, for `plain` bound to `context`. */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/**
 * The secret in `stored`: opened when sealed, as it is when stored before sealing existed.
 * Throws SealedSecretError when it was sealed under another key (the server secret changed) or
 * for another row, or was altered.
 */
export function unseal(key: Buffer, stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const [iv, sealed] = stored.slice(PREFIX.length).split('.') as [string, string | undefined];
  const bytes = Buffer.from(sealed ?? '', 'base64url');
  try {
    if (bytes.length < TAG_BYTES) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SealedSecretError('The stored secret does not open with this server secret');
  }
}
