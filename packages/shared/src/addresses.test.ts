import { describe, expect, it } from 'vitest';
import { postcodeRequired, regionRule } from './addresses';

describe('address rules by country', () => {
  it('asks no postcode where the country has none, such as the United Arab Emirates', () => {
    expect(postcodeRequired('AE')).toBe(false);
    expect(postcodeRequired('hk')).toBe(false);
    for (const country of ['GB', 'FR', 'US', 'CA', 'AU', 'DE']) expect(postcodeRequired(country)).toBe(true);
  });

  it('names the region as people there do, required where their post needs it', () => {
    expect(regionRule('GB')).toEqual({ label: 'County', required: true });
    expect(regionRule('US')).toEqual({ label: 'State', required: true });
    expect(regionRule('AU')).toEqual({ label: 'State', required: true });
    expect(regionRule('CA')).toEqual({ label: 'Province', required: true });
    expect(regionRule('FR')).toEqual({ label: 'County or region', required: false });
  });
});
