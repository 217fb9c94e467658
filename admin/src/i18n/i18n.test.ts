import { describe, expect, it } from 'vitest';
import { i18nProvider } from '.';

describe('i18nProvider', () => {
  it('uses Consign messages, with placeholders and plurals', () => {
    expect(i18nProvider.translate('ra.auth.username')).toBe('Email');
    expect(i18nProvider.translate('consign.vendors.suspend_title', { name: 'Swift' })).toBe('Suspend Swift?');
    expect(i18nProvider.translate('resources.vendors.name', { smart_count: 1 })).toBe('Vendor');
    expect(i18nProvider.translate('resources.vendors.name', { smart_count: 2 })).toBe('Vendors');
    const paid = (n: number) =>
      i18nProvider.translate('consign.finance.run_done', { smart_count: n, amount: '£1.00' });
    expect([paid(1), paid(3)]).toEqual(['Payouts sent: 1 courier, £1.00', 'Payouts sent: 3 couriers, £1.00']);
  });

  it("falls back to react-admin's English messages", () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('not.a.key', { _: 'Fallback' })).toBe('Fallback');
  });
});
