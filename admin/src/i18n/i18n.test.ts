import { describe, expect, it } from 'vitest';
import { i18nProvider } from '.';

describe('i18nProvider', () => {
  it('uses Consign messages, with placeholders and plurals', () => {
    expect(i18nProvider.translate('ra.auth.username')).toBe('Email');
    expect(i18nProvider.translate('consign.vendors.suspend_title', { name: 'Swift' })).toBe('Suspend Swift?');
    expect(i18nProvider.translate('resources.vendors.name', { smart_count: 1 })).toBe('Vendor');
    expect(i18nProvider.translate('resources.vendors.name', { smart_count: 2 })).toBe('Vendors');
  });

  it("falls back to react-admin's English messages", () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('not.a.key', { _: 'Fallback' })).toBe('Fallback');
  });
});
