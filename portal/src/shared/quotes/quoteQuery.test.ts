import { normalisePostcode } from '@consign/shared/postcodes';
import { describe, expect, it } from 'vitest';
import {
  defaultFormValues,
  formFromRequest,
  hasEmptyRequiredField,
  parseResultSearch,
  type QuoteFormValues,
  quoteFormSchema,
  requestFromForm,
  searchFromRequest,
  weightProblem,
} from './quoteQuery';

function values(overrides: Partial<QuoteFormValues> = {}): QuoteFormValues {
  return {
    ...defaultFormValues(),
    parcels: [{ length: '30', width: '20', height: '15', weight: '1' }],
    ...overrides,
  };
}

function messages(input: QuoteFormValues, maxWeightKg: number | null = null): Record<string, string> {
  const result = quoteFormSchema(maxWeightKg).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const params = (query: string) => new URLSearchParams(query);

describe('quote form defaults', () => {
  it('starts on UK–UK from England to England, Albania abroad, one parcel of 1 kg', () => {
    const initial = defaultFormValues();
    expect(initial.serviceType).toBe('domestic');
    expect(initial.from).toBe('England');
    expect(initial.to).toBe('England');
    expect(initial.destination).toBe('AL');
    expect(initial.parcels).toEqual([{ length: '', width: '', height: '', weight: '1' }]);
  });
});

describe('quote form validation', () => {
  it('accepts a complete domestic form', () => {
    expect(messages(values())).toEqual({});
  });

  it('names each empty dimension and flags the "fill in every field" case', () => {
    const input = values({ parcels: [{ length: '', width: ' ', height: '', weight: '1' }] });
    expect(messages(input)).toEqual({
      'parcels.0.length': 'Enter the length',
      'parcels.0.width': 'Enter the width',
      'parcels.0.height': 'Enter the height',
    });
    expect(hasEmptyRequiredField(input)).toBe(true);
    expect(hasEmptyRequiredField(values())).toBe(false);
  });

  it.each([
    ['0', 'Length must be more than 0'],
    ['-5', 'Length must be more than 0'],
    ['abc', 'Length must be a number'],
    ['501', 'Length must be at most 500 cm'],
  ])('refuses a length of %s', (length, message) => {
    const input = values({ parcels: [{ length, width: '20', height: '15', weight: '1' }] });
    expect(messages(input)['parcels.0.length']).toBe(message);
    expect(hasEmptyRequiredField(input)).toBe(false);
  });

  it.each([
    ['weight', '1000.5', 'Weight must be at most 1000 kg'],
    ['weight', '0', 'Weight must be more than 0'],
    ['height', ' 12x ', 'Height must be a number'],
    ['width', '  ', 'Enter the width'],
    ['height', '500', undefined],
    ['weight', ' 1000 ', undefined],
  ])('judges a %s of "%s" alike in the form and in a results link', (key, value, message) => {
    const parcel = { length: '30', width: '20', height: '15', weight: '1', [key]: value };
    expect(messages(values({ parcels: [parcel] }))[`parcels.0.${key}`]).toBe(message);
    const search = new URLSearchParams({ type: 'Domestic', from: 'England', to: 'Wales', ...parcel });
    const parsed = parseResultSearch(search);
    expect(parsed.kind === 'invalid' ? parsed.message : undefined).toBe(message);
  });

  it('checks every parcel', () => {
    const input = values({
      parcels: [
        { length: '30', width: '20', height: '15', weight: '1' },
        { length: '10', width: '', height: '10', weight: '2' },
      ],
    });
    expect(messages(input)).toEqual({ 'parcels.1.width': 'Enter the width' });
    expect(hasEmptyRequiredField(input)).toBe(true);
  });

  it('requires two UK postcodes for same day only', () => {
    expect(messages(values({ serviceType: 'domestic', fromPostcode: 'nonsense' }))).toEqual({});
    const empty = values({ serviceType: 'same_day' });
    expect(messages(empty)).toEqual({
      fromPostcode: 'Enter the collection postcode',
      toPostcode: 'Enter the delivery postcode',
    });
    expect(hasEmptyRequiredField(empty)).toBe(true);
    expect(
      messages(values({ serviceType: 'same_day', fromPostcode: 'SW1A 1AA', toPostcode: '12345' })),
    ).toEqual({
      toPostcode: 'Enter a valid UK postcode, such as SW1A 1AA',
    });
    expect(
      messages(values({ serviceType: 'same_day', fromPostcode: 'sw1a1aa', toPostcode: 'm1 1ae' })),
    ).toEqual({});
  });

  it('normalises postcodes the way the API does', () => {
    expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('M1  1AE')).toBe('M1 1AE');
    expect(normalisePostcode('EC1A 1BB')).toBe('EC1A 1BB');
    expect(normalisePostcode('SW1A 1AC')).toBeNull(); // C never appears in the inward code
    expect(normalisePostcode('ABC')).toBeNull();
  });
});

describe('request and query string', () => {
  it('builds the spec navigation for UK–UK', () => {
    const request = requestFromForm(values({ to: 'Scotland' }));
    expect(request).toEqual({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 1 }],
    });
    expect(searchFromRequest(request)).toBe(
      'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=1',
    );
  });

  it('sends international parcels from GB to the destination code', () => {
    const request = requestFromForm(values({ serviceType: 'international', destination: 'FR' }));
    expect(request).toMatchObject({ serviceType: 'international', from: 'GB', to: 'FR' });
    expect(searchFromRequest(request)).toBe(
      'type=International&from=GB&to=FR&length=30&width=20&height=15&weight=1',
    );
  });

  it('uses fromPostcode and toPostcode for same day, normalised', () => {
    const request = requestFromForm(
      values({ serviceType: 'same_day', fromPostcode: 'sw1a1aa', toPostcode: 'ec1a 1bb' }),
    );
    expect(request).toMatchObject({
      serviceType: 'same_day',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'EC1A 1BB',
    });
    expect(searchFromRequest(request)).toBe(
      'type=Same+Day&fromPostcode=SW1A+1AA&toPostcode=EC1A+1BB&length=30&width=20&height=15&weight=1',
    );
  });

  it('repeats the measures for several parcels, in order', () => {
    const request = requestFromForm(
      values({
        parcels: [
          { length: '30', width: '20', height: '15', weight: '1' },
          { length: '10.5', width: '10', height: '5', weight: '3' },
        ],
      }),
    );
    const search = searchFromRequest(request);
    expect(search).toBe(
      'type=Domestic&from=England&to=England&length=30&width=20&height=15&weight=1&length=10.5&width=10&height=5&weight=3',
    );
    expect(parseResultSearch(params(search))).toEqual({ kind: 'ok', request });
  });

  it('round-trips every service type through the URL and back into the form', () => {
    for (const input of [
      values({ to: 'Wales' }),
      values({ serviceType: 'international', destination: 'US' }),
      values({ serviceType: 'same_day', fromPostcode: 'SW1A 1AA', toPostcode: 'M1 1AE' }),
    ]) {
      const request = requestFromForm(input);
      const parsed = parseResultSearch(params(searchFromRequest(request)));
      expect(parsed).toEqual({ kind: 'ok', request });
      if (parsed.kind === 'ok') expect(requestFromForm(formFromRequest(parsed.request))).toEqual(request);
    }
  });
});

describe('parseResultSearch', () => {
  it('is empty before any search', () => {
    expect(parseResultSearch(params(''))).toEqual({ kind: 'empty' });
    expect(parseResultSearch(params('type=Domestic'))).toEqual({ kind: 'empty' });
  });

  it("defaults the type to the spec's Same Day", () => {
    expect(parseResultSearch(params('length=1&width=1&height=1&weight=1'))).toEqual({
      kind: 'invalid',
      message: 'Enter a valid UK postcode, such as SW1A 1AA',
    });
    expect(
      parseResultSearch(params('fromPostcode=SW1A1AA&toPostcode=M11AE&length=1&width=1&height=1&weight=1')),
    ).toMatchObject({ kind: 'ok', request: { serviceType: 'same_day', fromPostcode: 'SW1A 1AA' } });
  });

  it("reads the API's type values and nations in any case", () => {
    expect(
      parseResultSearch(params('type=domestic&from=scotland&to=WALES&length=1&width=2&height=3&weight=4')),
    ).toEqual({
      kind: 'ok',
      request: {
        serviceType: 'domestic',
        from: 'Scotland',
        to: 'Wales',
        parcels: [{ length: 1, width: 2, height: 3, weight: 4 }],
      },
    });
  });

  it('reads a destination by name once the list is known', () => {
    const query = params(
      'type=International&from=United Kingdom&to=Albania&length=1&width=2&height=3&weight=4',
    );
    expect(parseResultSearch(query)).toEqual({ kind: 'pending' });
    expect(parseResultSearch(query, [{ code: 'AL', name: 'Albania' }])).toMatchObject({
      kind: 'ok',
      request: { serviceType: 'international', from: 'GB', to: 'AL' },
    });
    expect(parseResultSearch(query, [{ code: 'FR', name: 'France' }])).toEqual({
      kind: 'invalid',
      message: 'Choose a destination country',
    });
  });

  it('explains what is wrong with a bad search', () => {
    expect(parseResultSearch(params('type=Boat&length=1'))).toEqual({
      kind: 'invalid',
      message: 'Unknown service type "Boat"',
    });
    expect(
      parseResultSearch(params('type=Domestic&from=England&to=Mars&length=1&width=1&height=1&weight=1')),
    ).toEqual({
      kind: 'invalid',
      message: 'Choose where from and to: England, Northern Ireland, Scotland, Wales',
    });
    expect(
      parseResultSearch(params('type=Domestic&from=England&to=Wales&length=1&width=1&weight=1')),
    ).toEqual({
      kind: 'invalid',
      message: 'Enter the height',
    });
    expect(
      parseResultSearch(
        params('type=Domestic&from=England&to=Wales&length=1&width=1&height=1&weight=1&length=0'),
      ),
    ).toEqual({ kind: 'invalid', message: 'Parcel 2: Length must be more than 0' });
  });
});

describe('the form’s weight (issue 48)', () => {
  it.each([
    ['2.5', 30, undefined],
    ['0.1', 30, undefined],
    ['30', 30, undefined],
    ['30.1', 30, 'No courier takes more than 30 kg'],
    ['2.55', 30, 'Weight to 0.1 kg, such as 2.5'],
    ['0.05', null, 'Weight to 0.1 kg, such as 2.5'],
    ['999.9', null, undefined],
    ['1000.1', null, 'Weight must be at most 1000 kg'],
  ])('judges %s kg with a heaviest of %s', (weight, max, message) => {
    expect(weightProblem(weight, max)).toBe(message);
    const input = values({ parcels: [{ length: '30', width: '20', height: '15', weight }] });
    expect(messages(input, max)['parcels.0.weight']).toBe(message);
  });

  it('reads a results link with the API’s bounds only: the quote says what carries it', () => {
    const parsed = parseResultSearch(
      params('type=Domestic&from=England&to=Wales&length=1&width=1&height=1&weight=2.55'),
    );
    expect(parsed.kind).toBe('ok');
  });
});
