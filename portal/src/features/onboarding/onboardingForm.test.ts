import { describe, expect, it } from 'vitest';
import {
  addServiceArea,
  answersFromForm,
  defaultForm,
  formFromAnswers,
  type OnboardingForm,
  prefillForm,
  QUARTER_HOURS,
  stepProblems,
  timeChoices,
  vehicleLabel,
} from './onboardingForm';

const filled: OnboardingForm = {
  ...defaultForm(),
  companyName: 'Swift',
  companyType: 'limited-company',
  yearsInBusiness: '3',
  contactPerson: 'Sam',
  email: 'sam@swift.example.com',
  phone: '020 7946 0000',
  address: '12 Wharf Road',
  city: 'London',
  postalCode: 'N1 7GR',
  serviceAreas: ['London'],
  deliveryTypes: ['Next Day'],
};
const oneActive = [{ status: 'active' }];

describe('onboarding defaults', () => {
  it('starts in the United Kingdom, open 09:00-17:00 on weekdays, 10:00-15:00 on Saturday, closed on Sunday', () => {
    const f = defaultForm();
    expect(f.country).toBe('United Kingdom');
    expect(f.businessHours.monday).toEqual({ open: true, from: '09:00', to: '17:00' });
    expect(f.businessHours.friday).toEqual({ open: true, from: '09:00', to: '17:00' });
    expect(f.businessHours.saturday).toEqual({ open: true, from: '10:00', to: '15:00' });
    expect(f.businessHours.sunday.open).toBe(false);
  });
});

describe('stepProblems (the Next gates)', () => {
  it.each([
    [1, { companyName: ' ' }, 'Enter the company name'],
    [1, { companyType: '' as const }, 'Choose the company type'],
    [1, { yearsInBusiness: '' }, 'Enter the years in business'],
    [2, { email: 'not-an-email' }, 'Enter a valid email'],
    [2, { postalCode: '' }, 'Enter the postal code'],
    [3, { serviceAreas: [] }, 'Add at least one service area'],
    [3, { deliveryTypes: [] }, 'Choose at least one delivery type'],
    [5, { hasInsurance: true }, 'Enter the insurance provider'],
  ])('step %i is blocked by %o', (step, patch, message) => {
    expect(stepProblems(step, filled, oneActive)).toEqual([]);
    expect(stepProblems(step, { ...filled, ...patch }, oneActive)).toContain(message);
  });

  it('lets step 4 through only with an active courier service, whatever rate cards a draft holds', () => {
    const cards = { ...filled, rateCards: [{ serviceType: 'Next Day' as const, basePrice: 1250 }] };
    expect(stepProblems(4, cards, undefined)).toEqual(['Loading your courier services']);
    expect(stepProblems(4, cards, [])).toEqual(['Add at least one courier service']);
    expect(stepProblems(4, filled, [{ status: 'inactive' }])).toEqual([
      'Set at least one of your services to Active',
    ]);
    expect(stepProblems(4, filled, [{ status: 'inactive' }, { status: 'active' }])).toEqual([]);
  });

  it('lets step 5 through with the defaults, and allows 0 years in business', () => {
    expect(stepProblems(5, defaultForm())).toEqual([]);
    expect(stepProblems(1, { ...filled, yearsInBusiness: '0' })).toEqual([]);
  });

  it('checks that an open day closes after it opens', () => {
    const f = {
      ...filled,
      businessHours: { ...filled.businessHours, monday: { open: true, from: '18:00', to: '09:00' } },
    };
    expect(stepProblems(5, f)).toEqual(['Monday: closing time must be after opening time']);
  });
});

describe('lists', () => {
  it('adds a service area only when not empty and not already listed', () => {
    expect(addServiceArea([], '  Kent ')).toEqual(['Kent']);
    expect(addServiceArea(['Kent'], 'kent')).toEqual(['Kent']);
    expect(addServiceArea(['Kent'], '   ')).toEqual(['Kent']);
  });

  it('shows a vehicle as count x type - capacity', () => {
    expect(vehicleLabel({ type: 'Van', capacity: '1000 kg', count: 2 })).toBe('2 x Van - 1000 kg');
  });
});

describe('the draft on the wire', () => {
  it('sends numbers as numbers and money in pence, and reads them back into the inputs', () => {
    const form = { ...filled, coverageRadiusKm: '25', hasInsurance: true, coverageAmount: '10000.5' };
    const answers = answersFromForm(form);
    expect(answers.company?.yearsInBusiness).toBe(3);
    expect(answers.services?.coverageRadiusKm).toBe(25);
    expect(answers.compliance?.insurance?.coverageAmount).toBe(1_000_050);
    const back = formFromAnswers(answers);
    expect(back).toEqual({ ...form, coverageAmount: '10000.50' });
  });

  it('sends unreadable or empty numbers as empty', () => {
    const answers = answersFromForm({ ...defaultForm(), yearsInBusiness: '', coverageRadiusKm: '-3' });
    expect(answers.company?.yearsInBusiness).toBeNull();
    expect(answers.services?.coverageRadiusKm).toBeNull();
    expect(answers.compliance?.insurance?.coverageAmount).toBeNull();
  });

  it('sends no pricing of its own: only an earlier draft’s rate cards are kept, until removed', () => {
    expect(answersFromForm(filled)).not.toHaveProperty('pricing');
    const card = { serviceType: 'Economy' as const, basePrice: 500 };
    const answers = answersFromForm({ ...filled, rateCards: [card] });
    expect(answers.pricing).toEqual({ rateCards: [card] });
    expect(formFromAnswers(answers).rateCards).toEqual([card]);
  });

  it('fills what was never saved with the defaults', () => {
    expect(formFromAnswers({})).toEqual(defaultForm());
    expect(formFromAnswers({ contact: { city: 'Leeds' } }).country).toBe('United Kingdom');
  });
});

describe('prefillForm', () => {
  it('fills empty fields from the business details and the account email, keeping what was saved', () => {
    const saved = { ...defaultForm(), city: 'Leeds' };
    const form = prefillForm(saved, {
      shopName: 'Swift Couriers',
      addressLine1: '12 Wharf Road',
      city: 'London',
      postalCode: 'N1 7GR',
      website: null,
      accountEmail: 'ops@swift.example.com',
    });
    expect(form).toMatchObject({
      companyName: 'Swift Couriers',
      address: '12 Wharf Road',
      city: 'Leeds',
      postalCode: 'N1 7GR',
      website: '',
      email: 'ops@swift.example.com',
    });
  });
});

describe('timeChoices', () => {
  it('offers every quarter hour in 24-hour form, plus a saved time off that grid', () => {
    expect(QUARTER_HOURS).toHaveLength(96);
    expect(QUARTER_HOURS[0]).toBe('00:00');
    expect(QUARTER_HOURS.at(-1)).toBe('23:45');
    expect(timeChoices('17:00')).toBe(QUARTER_HOURS);
    const odd = timeChoices('17:10');
    expect(odd).toHaveLength(97);
    expect(odd.indexOf('17:10')).toBe(odd.indexOf('17:00') + 1);
  });
});
