import { describe, expect, it } from 'vitest';
import { DEFAULT_NATION, findUkNation, isUkNation, UK_NATION_OPTIONS, UK_NATION_VALUES } from './nations';

describe('UK nations', () => {
  it('are the four nations in alphabetical order, labelled by name', () => {
    expect(UK_NATION_VALUES).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
    expect(UK_NATION_OPTIONS.map((o) => [o.value, o.label])).toEqual(UK_NATION_VALUES.map((n) => [n, n]));
    expect(DEFAULT_NATION).toBe('England');
  });

  it.each([
    ['scotland', 'Scotland'],
    [' NORTHERN IRELAND ', 'Northern Ireland'],
    ['Wales', 'Wales'],
    ['Any', undefined],
    ['Northern  Ireland', undefined],
    ['', undefined],
  ])('findUkNation(%j) is %j', (text, nation) => {
    expect(findUkNation(text)).toBe(nation);
  });

  it('accepts only the exact names', () => {
    expect(isUkNation('England')).toBe(true);
    expect(isUkNation('england')).toBe(false);
    expect(isUkNation(null)).toBe(false);
  });
});
