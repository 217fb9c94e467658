import { describe, expect, it } from 'vitest';
import { addressLines, destinations, money, route, words } from './format';

describe('format', () => {
  it('shows one destination and several', () => {
    expect(destinations('Scotland')).toBe('Scotland');
    expect(destinations(['FR', 'DE'])).toBe('FR, DE');
    expect(route({ fromLocation: 'GB', toLocation: ['FR', 'DE'] })).toBe('GB → FR, DE');
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
    ).toEqual(['Robin', '2 Royal Mile', 'Edinburgh', 'Midlothian', 'EH1 1YZ', 'GB']);
    expect(words('in_transit')).toBe('In transit');
  });
});
