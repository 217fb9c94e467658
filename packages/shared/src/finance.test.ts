import { describe, expect, it } from 'vitest';
import { payoutFailureWords } from './finance';

describe('payoutFailureWords', () => {
  it('says why a payout failed in words, from PayPal’s status and error name', () => {
    expect(payoutFailureWords('FAILED: RECEIVER_UNREGISTERED')).toBe(
      'PayPal has no account with this email address',
    );
    expect(payoutFailureWords('UNCLAIMED')).toMatch(/nobody accepted it within 30 days/);
    expect(
      payoutFailureWords('Nobody claimed it at a@example.com (UNCLAIMED); cancelled and returned'),
    ).toMatch(/within 30 days/);
    expect(payoutFailureWords('RETURNED')).toBe('PayPal sent it back');
    expect(payoutFailureWords('BLOCKED')).toBe('PayPal blocked it');
  });

  it('never shows a stored code to a person, even for a reason it does not know', () => {
    for (const reason of ['FAILED: SOMETHING_NEW', 'FAILED', null, undefined, '']) {
      expect(payoutFailureWords(reason)).toBe('PayPal could not pay it');
    }
  });
});
