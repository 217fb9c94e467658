import { describe, expect, it } from 'vitest';
import type { CourierService } from '../../shared/api/courier-services';
import {
  bodyFromValues,
  type CourierFormValues,
  courierFormSchema,
  defaultCourierValues,
  NEW_TIER,
  valuesFromService,
} from './courierForm';

function values(overrides: Partial<CourierFormValues> = {}): CourierFormValues {
  return {
    ...defaultCourierValues(),
    name: 'Express 24',
    serviceType: 'domestic',
    weightTiers: [{ maxKg: '1', price: '4.99' }],
    ...overrides,
  };
}

function messages(input: CourierFormValues): Record<string, string> {
  const result = courierFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const stored: CourierService = {
  id: 'c1',
  vendorId: 'v1',
  name: 'UPS Standard',
  logoUrl: '/uploads/logo.png',
  serviceType: 'domestic',
  currency: 'GBP',
  fromLocation: 'England',
  toLocation: 'Any',
  weightTiers: [
    { maxKg: 1, price: 649 },
    { maxKg: 2, price: 749 },
  ],
  maxLengthCm: 100,
  maxWidthCm: null,
  maxHeightCm: 60,
  maxWeightKg: 20,
  volumetricDivisor: 5000,
  transitDays: 2,
  sameDay: null,
  handover: 'drop_off',
  labelMode: 'printerless',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('courier form defaults', () => {
  it('starts in GBP, active, anywhere, with one tier of 1 kg at 0', () => {
    const initial = defaultCourierValues();
    expect(initial).toMatchObject({
      currency: 'GBP',
      status: 'active',
      fromLocation: 'Any',
      toLocation: 'Any',
    });
    expect(initial.weightTiers).toEqual([NEW_TIER]);
    expect(NEW_TIER).toEqual({ maxKg: '1', price: '0' });
  });
});

describe('courier form validation', () => {
  it('needs a name and a service type', () => {
    expect(messages(values({ name: ' ', serviceType: '' }))).toMatchObject({
      name: 'Enter the service name',
      serviceType: 'Choose a service type',
    });
  });

  it('accepts empty limits (no restriction) but not negative ones', () => {
    expect(messages(values())).toEqual({});
    expect(messages(values({ maxLengthCm: '-1', maxWeightKg: 'x' }))).toEqual({
      maxLengthCm: 'Maximum length cannot be negative',
      maxWeightKg: 'Maximum weight must be a number',
    });
  });

  it('checks every tier and refuses two tiers of the same weight', () => {
    const input = values({
      weightTiers: [
        { maxKg: '1', price: '0' },
        { maxKg: '1', price: '2.50' },
        { maxKg: '0', price: '1.999' },
        { maxKg: '', price: '' },
      ],
    });
    expect(messages(input)).toEqual({
      'weightTiers.0.price': 'Price must be more than 0',
      'weightTiers.1.maxKg': 'Tier 1 already covers up to 1 kg',
      'weightTiers.2.maxKg': 'Weight must be more than 0',
      'weightTiers.2.price': 'Price must be an amount such as 4.99',
      'weightTiers.3.maxKg': 'Enter the weight',
      'weightTiers.3.price': 'Enter the price',
    });
  });

  it('needs the distance prices for same day only', () => {
    expect(messages(values({ serviceType: 'same_day' }))).toEqual({
      baseFee: 'Enter the base fee',
      perMile: 'Enter the price per mile',
      minimumFee: 'Enter the minimum fee',
    });
    expect(
      messages(values({ serviceType: 'same_day', baseFee: '15', perMile: '1.375', minimumFee: '20' })),
    ).toEqual({});
  });

  it('needs a destination when the list is chosen', () => {
    expect(messages(values({ serviceType: 'international', destinationsMode: 'selected' }))).toEqual({
      destinations: 'Choose at least one destination, or Any',
    });
    expect(messages(values({ serviceType: 'international', destinationsMode: 'any' }))).toEqual({});
  });

  it('checks the transit days and the divisor', () => {
    expect(messages(values({ transitDays: '1.5', volumetricDivisor: '500' }))).toEqual({
      transitDays: 'Enter a whole number of working days, 0 to 30',
      volumetricDivisor: 'Enter a whole number from 1000 to 10000',
    });
  });
});

describe('the API body', () => {
  it('sends prices in pence, empty limits as null, tiers by weight', () => {
    const body = bodyFromValues(
      values({
        logoUrl: '/uploads/a.png',
        maxLengthCm: '120',
        maxWeightKg: '30.5',
        fromLocation: 'England',
        toLocation: 'Scotland',
        weightTiers: [
          { maxKg: '30', price: '24.50' },
          { maxKg: '2', price: '0.29' },
        ],
      }),
    );
    expect(body).toEqual({
      name: 'Express 24',
      serviceType: 'domestic',
      currency: 'GBP',
      logoUrl: '/uploads/a.png',
      fromLocation: 'England',
      toLocation: 'Scotland',
      weightTiers: [
        { maxKg: 2, price: 29 },
        { maxKg: 30, price: 2450 },
      ],
      maxLengthCm: 120,
      maxWidthCm: null,
      maxHeightCm: null,
      maxWeightKg: 30.5,
      volumetricDivisor: 5000,
      transitDays: 2,
      sameDay: null,
      handover: 'both',
      labelMode: 'printed',
      status: 'active',
    });
  });

  it('sends how the parcel starts: same day is collected, only a drop-off service is printerless', () => {
    expect(bodyFromValues(values({ handover: 'drop_off', labelMode: 'printerless' }))).toMatchObject({
      handover: 'drop_off',
      labelMode: 'printerless',
    });
    expect(bodyFromValues(values({ handover: 'both', labelMode: 'printerless' }))).toMatchObject({
      handover: 'both',
      labelMode: 'printed',
    });
    expect(
      bodyFromValues(values({ serviceType: 'same_day', handover: 'drop_off', labelMode: 'printerless' })),
    ).toMatchObject({ handover: 'collection', labelMode: 'printed' });
  });

  it('sends international services from GB to Any or the chosen codes', () => {
    expect(bodyFromValues(values({ serviceType: 'international' }))).toMatchObject({
      fromLocation: 'GB',
      toLocation: 'Any',
    });
    expect(
      bodyFromValues(
        values({ serviceType: 'international', destinationsMode: 'selected', destinations: ['FR', 'DE'] }),
      ),
    ).toMatchObject({ fromLocation: 'GB', toLocation: ['FR', 'DE'] });
  });

  it('sends same-day pricing in pence, a fractional per-mile rate included', () => {
    const body = bodyFromValues(
      values({
        serviceType: 'same_day',
        baseFee: '15',
        perMile: '1.375',
        minimumFee: '20.00',
        transitDays: '4',
      }),
    );
    expect(body.sameDay).toEqual({ baseFee: 1500, perMile: 137.5, minimumFee: 2000, maxMiles: null });
    expect(body.transitDays).toBe(0);
  });

  it('fills the form from a stored service and sends it back unchanged', () => {
    const form = valuesFromService(stored);
    expect(form.weightTiers).toEqual([
      { maxKg: '1', price: '6.49' },
      { maxKg: '2', price: '7.49' },
    ]);
    expect(form.maxWidthCm).toBe('');
    const { id, vendorId, createdAt, updatedAt, ...wire } = stored;
    expect(bodyFromValues(form)).toEqual(wire);
  });

  it('reads international destinations and same-day prices back', () => {
    const form = valuesFromService({
      ...stored,
      serviceType: 'international',
      fromLocation: 'GB',
      toLocation: ['FR', 'DE'],
    });
    expect(form).toMatchObject({ destinationsMode: 'selected', destinations: ['FR', 'DE'] });
    const sameDay = valuesFromService({
      ...stored,
      serviceType: 'same_day',
      sameDay: { baseFee: 1500, perMile: 120, minimumFee: 2000 },
    });
    expect(sameDay).toMatchObject({ baseFee: '15.00', perMile: '1.20', minimumFee: '20.00', maxMiles: '' });
  });

  it('keeps a same-day maximum distance, and refuses one that is not a distance', () => {
    const ok = { serviceType: 'same_day' as const, baseFee: '15', perMile: '1.2', minimumFee: '20' };
    expect(messages(values({ ...ok, maxMiles: '50' }))).toEqual({});
    expect(bodyFromValues(values({ ...ok, maxMiles: '50' })).sameDay?.maxMiles).toBe(50);
    for (const bad of ['0', '-5', '1001', 'far']) {
      expect(messages(values({ ...ok, maxMiles: bad })).maxMiles).toBe(
        'Enter a distance from 1 to 1000 miles, or leave it empty for no limit',
      );
    }
    const back = valuesFromService({
      ...stored,
      serviceType: 'same_day',
      sameDay: { baseFee: 1500, perMile: 120, minimumFee: 2000, maxMiles: 50 },
    });
    expect(back.maxMiles).toBe('50');
  });
});
