import { describe, expect, it } from 'vitest';
import { isValidEmail, messages, withConfirmation } from './validation';

describe('isValidEmail', () => {
  it.each([
    ['jane@example.co.uk', true],
    ['jane.doe+parcels@example.com', true],
    ["o'brien@example.ie", true],
    ['x@sub.domain.example.org', true],
    ['a@b.xn--p1ai', true],
    ['', false],
    ['jane', false],
    ['jane@', false],
    ['@example.com', false],
    ['jane@example', false],
    ['jane@example.c', false],
    ['jane@example.123', false],
    ['jane..doe@example.com', false],
    ['.jane@example.com', false],
    ['jane.@example.com', false],
    ['jane@-example.com', false],
    ['jane@example-.com', false],
    ['jane@exa mple.com', false],
    ['jane doe@example.com', false],
    ['jane@example..com', false],
  ])('%s -> %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });

  it('limits the local part to 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('limits the whole address to 254 characters', () => {
    const domain = `${['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63)].join('.')}.com`; // 195 chars
    const ok = `${'x'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(ok.length).toBe(254);
    expect(isValidEmail(ok)).toBe(true);
    expect(isValidEmail(`x${ok}`)).toBe(false);
  });
});

describe('withConfirmation', () => {
  const schema = withConfirmation({});

  it('reports a mismatch', () => {
    const result = schema.safeParse({ password: 'longenough', confirmPassword: 'different1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(messages.passwordMismatch);
  });

  it('reports a mismatch even when the password is too short', () => {
    const result = schema.safeParse({ password: 'short', confirmPassword: 'other' });
    const found = result.error?.issues.map((i) => i.message) ?? [];
    expect(found).toContain(messages.passwordTooShort);
    expect(found).toContain(messages.passwordMismatch);
  });

  it('accepts matching passwords of 8 to 128 characters', () => {
    expect(schema.safeParse({ password: 'a'.repeat(8), confirmPassword: 'a'.repeat(8) }).success).toBe(true);
    expect(schema.safeParse({ password: 'a'.repeat(128), confirmPassword: 'a'.repeat(128) }).success).toBe(
      true,
    );
    expect(schema.safeParse({ password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) }).success).toBe(
      false,
    );
  });
});
