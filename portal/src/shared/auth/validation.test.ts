import { describe, expect, it } from 'vitest';
import { messages, withConfirmation } from './validation';

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
