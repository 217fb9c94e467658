import { describe, expect, it } from 'vitest';
import { detailsFromOnboarding, type OnboardedDetails } from './onboarding.details';

const empty: OnboardedDetails = {
  shopName: null,
  addressLine1: null,
  city: null,
  postalCode: null,
  country: null,
  vatNumber: null,
};
const answers = {
  company: { companyName: ' Swift Couriers Ltd ', vatNumber: 'gb 123 456 789' },
  contact: { address: '12 Wharf Road', city: 'London', postalCode: 'n1 7gr', country: 'England' as const },
};

describe('detailsFromOnboarding', () => {
  it('fills empty business details from the answers, in the form the details take', () => {
    expect(detailsFromOnboarding(empty, answers)).toEqual({
      shopName: 'Swift Couriers Ltd',
      addressLine1: '12 Wharf Road',
      city: 'London',
      postalCode: 'N1 7GR',
      country: 'GB',
      vatNumber: 'GB123456789',
    });
  });

  it('keeps what the courier set itself, and leaves out what the details would refuse', () => {
    const current = { ...empty, shopName: 'Swift', vatNumber: 'GB999999999', city: '  ' };
    const odd = {
      company: { companyName: 'Swift Couriers Ltd', vatNumber: 'GB123456789' },
      contact: { city: 'Leeds', postalCode: 'LS1 #1' },
    };
    expect(detailsFromOnboarding(current, odd)).toEqual({ city: 'Leeds' });
    expect(detailsFromOnboarding(empty, { company: { vatNumber: 'FR12345678901' } })).toEqual({});
    expect(detailsFromOnboarding(empty, {})).toEqual({});
  });
});
