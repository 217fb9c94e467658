import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as SHA-256: they are random and long, so a slow hash adds nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** People see '#' and the last 8 characters of an id. */
export function shortRef(id: string): string {
  return `#${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}
