import { describe, expect, it } from 'vitest';
import { isServiceType, SERVICE_TYPE_OPTIONS, SERVICE_TYPE_VALUES, serviceTypeLabel } from './services';

describe('service types', () => {
  it('are domestic, international and same day, in that order, with the tab labels', () => {
    expect(SERVICE_TYPE_VALUES).toEqual(['domestic', 'international', 'same_day']);
    expect(SERVICE_TYPE_OPTIONS).toEqual([
      { value: 'domestic', label: 'UK to UK' },
      { value: 'international', label: 'International' },
      { value: 'same_day', label: 'Same Day' },
    ]);
  });

  it.each([
    ['domestic', 'UK to UK'],
    ['international', 'International'],
    ['same_day', 'Same Day'],
    ['next_day', 'Next day'],
  ])('serviceTypeLabel(%j) is %j', (type, label) => {
    expect(serviceTypeLabel(type)).toBe(label);
  });

  it('recognises only the three codes', () => {
    expect(isServiceType('same_day')).toBe(true);
    expect(isServiceType('Same Day')).toBe(false);
    expect(isServiceType(undefined)).toBe(false);
  });
});
