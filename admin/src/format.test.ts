import { describe, expect, it } from 'vitest';
import {
  addressLines,
  auditActionText,
  countryName,
  dateTimeText,
  dayText,
  destinations,
  money,
  paymentText,
  relativeText,
  route,
  words,
} from './format';

describe('format', () => {
  it('shows one destination and several', () => {
    expect(destinations('Scotland')).toBe('Scotland');
    expect(destinations(['FR', 'DE'])).toBe('France, Germany');
    expect(route({ fromLocation: 'GB', toLocation: ['FR', 'DE'] })).toBe('United Kingdom → France, Germany');
    expect(route({ fromLocation: 'England', toLocation: 'Any' })).toBe('England → Any');
  });
  it('shows money with pence and an address as lines', () => {
    expect(money(1234)).toBe('£12.34');
    expect(money(500, 'EUR')).toBe('€5.00');
    expect(
      addressLines({
        name: 'Robin',
        email: 'r@example.com',
        phone: '+44 20 7946 0000',
        line1: '2 Royal Mile',
        town: 'Edinburgh',
        county: 'Midlothian',
        postcode: 'EH1 1YZ',
        country: 'GB',
      }),
    ).toEqual(['Robin', '2 Royal Mile', 'Edinburgh', 'Midlothian', 'EH1 1YZ', 'United Kingdom']);
    expect(words('in_transit')).toBe('In transit');
  });

  // Issue 51, item 7: staff read words, not stored values.
  it('names countries, dates, payments and audit actions in words', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('not a code')).toBe('not a code');
    expect(dayText('2026-11-26')).toBe('Thu, 26 Nov 2026');
    expect(dayText(null)).toBe('—');
    expect(dateTimeText('2026-07-01T11:05:00.000Z')).toBe('Wed, 1 Jul 2026, 12:05');
    expect(paymentText({ provider: 'test', status: 'captured', refundedAt: null })).toBe(
      'Captured (test payment)',
    );
    expect(
      paymentText({ provider: 'paypal', status: 'refunded', refundedAt: '2026-12-01T10:00:00.000Z' }),
    ).toBe('Refunded through PayPal, refunded Tue, 1 Dec 2026, 10:00');
    expect(auditActionText('partner.rotate_key')).toBe('Partner: rotate key');
    expect(auditActionText('user.session.revoke')).toBe('User session: revoke');
  });

  it('says how far an instant is from now, in the largest whole unit up to days', () => {
    const now = Date.parse('2026-01-20T10:00:00.000Z');
    expect(relativeText('2026-01-17T09:00:00.000Z', now)).toBe('3 days ago');
    expect(relativeText('2026-01-22T11:00:00.000Z', now)).toBe('in 2 days');
    expect(relativeText('2026-01-19T11:00:00.000Z', now)).toBe('23 hours ago');
    expect(relativeText('2026-01-20T10:01:30.000Z', now)).toBe('in 1 minute');
    expect(relativeText('2026-01-20T10:00:20.000Z', now)).toBe('now');
  });
});
