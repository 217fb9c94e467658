import { describe, expect, it } from 'vitest';
import { isSealed, SealedSecretError, seal, sealingKey, unseal } from './sealed-secrets';

const key = sealingKey('test-secret-that-is-long-enough-for-hs256-keys', 'webhook-endpoint-secrets');

describe('sealed secrets', () => {
  it('opens what it sealed, for the same row only, and never shows the secret in the sealed text', () => {
    const sealed = seal(key, 'whsec_abc', 'endpoint-1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('whsec_abc');
    expect(unseal(key, sealed, 'endpoint-1')).toBe('whsec_abc');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(seal(key, 'whsec_abc', 'endpoint-1')).not.toBe(sealed);
    expect(() => unseal(key, sealed, 'endpoint-2')).toThrow(SealedSecretError);
  });

  it('refuses another server secret, another purpose, and altered or cut text', () => {
    const sealed = seal(key, 'whsec_abc', 'endpoint-1');
    const otherSecret = sealingKey('a-different-secret-that-is-long-enough-too', 'webhook-endpoint-secrets');
    const otherPurpose = sealingKey('test-secret-that-is-long-enough-for-hs256-keys', 'something-else');
    expect(otherSecret.equals(key)).toBe(false);
    expect(otherPurpose.equals(key)).toBe(false);
    expect(() => unseal(otherSecret, sealed, 'endpoint-1')).toThrow(SealedSecretError);
    expect(() => unseal(otherPurpose, sealed, 'endpoint-1')).toThrow(SealedSecretError);
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => unseal(key, `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, 'endpoint-1')).toThrow(
      SealedSecretError,
    );
    expect(() => unseal(key, sealed.slice(0, 20), 'endpoint-1')).toThrow(SealedSecretError);
    expect(() => unseal(key, 'gcm1.', 'endpoint-1')).toThrow(SealedSecretError);
  });

  it('reads a secret stored in clear before sealing existed as it is', () => {
    expect(isSealed('whsec_legacy')).toBe(false);
    expect(unseal(key, 'whsec_legacy', 'endpoint-1')).toBe('whsec_legacy');
  });
});
