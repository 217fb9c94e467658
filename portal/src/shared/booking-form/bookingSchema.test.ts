import { formatMoney, minorUnitsToDecimal } from '@consign/shared/money';
import { formatPostcode, isUkPostcode } from '@consign/shared/postcodes';
import { describe, expect, it } from 'vitest';
import { parseMoney } from '../../lib/format';
import { type BookingRules, messages, submitProblem, validateBooking } from './bookingSchema';
import { breakdownTotal, lineSubtotal } from './breakdown';
import { type BookingValues, emptyBooking, emptyItem } from './formValues';
import { toShipmentBody } from './shipmentBody';

const TODAY = '2026-11-22';
const domesticRules: BookingRules = { international: false, today: TODAY, coverAmounts: [0, 2000, 5000] };
const internationalRules: BookingRules = { ...domesticRules, international: true };

const address = (country: string) => ({
  name: 'Casey Customer',
  email: 'casey@example.com',
  phone: '020 7946 0000',
  line1: '10 Downing Street',
  line2: '',
  town: 'London',
  county: 'Greater London',
  postcode: country === 'GB' ? 'SW1A 1AA' : '75001',
  country,
});

function validDomestic(): BookingValues {
  return {
    ...emptyBooking({ from: 'GB', to: 'GB', international: false }),
    collection: address('GB'),
    delivery: { ...address('GB'), postcode: 'EH1 1YZ' },
    collectionDate: TODAY,
    contents: 'Books',
    contentValue: '45.00',
    cover: '0',
    terms: true,
  };
}

function validInternational(): BookingValues {
  return {
    ...validDomestic(),
    delivery: address('FR'),
    customs: {
      documentType: 'commercial_invoice',
      reasonForExport: 'sold',
      senderType: 'private',
      recipientType: 'private',
      senderEori: '',
      recipientEori: '',
      senderCompanyName: '',
      recipientCompanyName: '',
    },
    items: [
      {
        description: 'Leather shoes',
        hsCode: '64059090',
        quantity: '2',
        unitValue: '19.99',
        originCountry: 'CN',
      },
    ],
  };
}

describe('booking validation: required fields', () => {
  it('accepts a complete domestic booking', () => {
    expect(validateBooking(validDomestic(), domesticRules)).toEqual({});
  });

  it('asks a county of a UK address only; abroad it may be empty (Paris has none)', () => {
    const abroad = validInternational();
    abroad.delivery.county = '';
    expect(validateBooking(abroad, internationalRules)).toEqual({});
    const home = validDomestic();
    home.delivery.county = ' ';
    expect(validateBooking(home, domesticRules)).toEqual({ 'delivery.county': 'County is required' });
  });

  it('follows the destination: no postcode in Dubai, a required state in the US and province in Canada', () => {
    // Issue 51, item 12f: the API's rule (@consign/shared/addresses).
    const dubai = validInternational();
    dubai.delivery = { ...address('AE'), town: 'Dubai', county: '', postcode: '' };
    expect(validateBooking(dubai, internationalRules)).toEqual({});
    const newYork = validInternational();
    newYork.delivery = { ...address('US'), county: '', postcode: '10001' };
    expect(validateBooking(newYork, internationalRules)).toEqual({ 'delivery.county': 'State is required' });
    const toronto = validInternational();
    toronto.delivery = { ...address('CA'), county: '', postcode: ' ' };
    expect(validateBooking(toronto, internationalRules)).toEqual({
      'delivery.county': 'Province is required',
      'delivery.postcode': 'Postcode is required',
    });
  });

  it("takes a customs description with the punctuation of 'Wool scarf, 100% merino'", () => {
    const values = validInternational();
    values.items[0]!.description = 'Wool scarf, 100% merino';
    expect(validateBooking(values, internationalRules)).toEqual({});
    values.items[0]!.description = 'Shoes!';
    expect(validateBooking(values, internationalRules)).toEqual({
      'items.0.description': messages.description,
    });
  });

  it('names every empty required field, and the toast asks to fill them in', () => {
    const errors = validateBooking(
      emptyBooking({ from: 'GB', to: 'GB', international: false }),
      domesticRules,
    );
    for (const prefix of ['collection', 'delivery']) {
      expect(errors[`${prefix}.name`]).toBe('Name is required');
      expect(errors[`${prefix}.email`]).toBe('Email is required');
      expect(errors[`${prefix}.phone`]).toBe('Contact number is required');
      expect(errors[`${prefix}.line1`]).toBe('Street is required');
      expect(errors[`${prefix}.town`]).toBe('Town is required');
      expect(errors[`${prefix}.county`]).toBe('County is required');
      expect(errors[`${prefix}.postcode`]).toBe('Postcode is required');
      expect(errors[`${prefix}.line2`]).toBeUndefined();
    }
    expect(errors.collectionDate).toBe('Collection date is required');
    expect(errors.contents).toBe('Package content is required');
    expect(errors.contentValue).toBe('Content value is required');
    // "No extended cover" is the default choice, so cover is never missing from a fresh form.
    expect(errors.cover).toBeUndefined();
    expect(errors.terms).toBe(messages.acceptTerms);
    expect(submitProblem(Object.values(errors))).toBe('Please fill in all required fields');
  });

  it('asks only for the terms when that is all that is missing', () => {
    const errors = validateBooking({ ...validDomestic(), terms: false }, domesticRules);
    expect(errors).toEqual({ terms: 'Please accept the Terms and Conditions' });
    expect(submitProblem(Object.values(errors))).toBe('Please accept the Terms and Conditions');
  });

  it('checks email, phone and UK postcode formats', () => {
    const values = validDomestic();
    values.collection.email = 'casey@';
    values.collection.phone = 'call me';
    values.delivery.postcode = 'EH1';
    const errors = validateBooking(values, domesticRules);
    expect(errors['collection.email']).toBe('Not a valid email');
    expect(errors['collection.phone']).toBe(messages.phone);
    expect(errors['delivery.postcode']).toBe('Enter a valid UK postcode, such as SW1A 1AA');
    expect(submitProblem(Object.values(errors))).toBe(messages.fixErrors);
  });

  it('does not apply the UK postcode shape abroad', () => {
    expect(validateBooking(validInternational(), internationalRules)).toEqual({});
  });

  it('normalises UK postcodes', () => {
    expect(isUkPostcode('sw1a1aa')).toBe(true);
    expect(isUkPostcode(' EC1A  1BB ')).toBe(true);
    expect(isUkPostcode('12345')).toBe(false);
    expect(formatPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(formatPostcode('m11ae')).toBe('M1 1AE');
  });
});

describe('booking validation: collection date', () => {
  it('accepts today and later, refuses yesterday', () => {
    expect(
      validateBooking({ ...validDomestic(), collectionDate: TODAY }, domesticRules).collectionDate,
    ).toBeUndefined();
    expect(validateBooking({ ...validDomestic(), collectionDate: '2026-12-01' }, domesticRules)).toEqual({});
    expect(
      validateBooking({ ...validDomestic(), collectionDate: '2026-11-21' }, domesticRules).collectionDate,
    ).toBe('Collection date cannot be before today');
  });
});

describe('booking validation: collection date by the API calendar', () => {
  // Saturday 28 Nov 2026, 22:17: the API's calendar says the first collection day is Monday.
  const saturdayNight: BookingRules = {
    ...domesticRules,
    today: '2026-11-28',
    collectionDays: {
      today: '2026-11-28',
      earliest: '2026-11-30',
      latest: '2027-11-28',
      cutoff: '14:00',
      bankHolidays: ['2026-12-25', '2026-12-26', '2026-12-28'],
    },
  };
  // Friday 27 Nov 2026 after 14:00: today is a working day, but too late for today.
  const fridayAfternoon: BookingRules = {
    ...saturdayNight,
    today: '2026-11-27',
    collectionDays: { ...saturdayNight.collectionDays!, today: '2026-11-27', earliest: '2026-11-30' },
  };
  const dateError = (date: string, rules: BookingRules) =>
    validateBooking({ ...validDomestic(), collectionDate: date }, rules).collectionDate;

  it('refuses a weekend, a bank holiday and today after the cut-off, naming the next collection day', () => {
    expect(dateError('2026-11-28', saturdayNight)).toBe(
      'Collections are Monday to Friday: Sat, 28 Nov 2026 is a Saturday; the next collection day is Mon, 30 Nov 2026',
    );
    expect(dateError('2026-12-28', saturdayNight)).toBe(
      'Collections are not made on bank holidays: Mon, 28 Dec 2026 is one; the next collection day is Tue, 29 Dec 2026',
    );
    expect(dateError('2026-11-27', fridayAfternoon)).toBe(
      'Collection today must be booked by 14:00 UK time; the next collection day is Mon, 30 Nov 2026',
    );
    expect(dateError('2027-12-01', saturdayNight)).toBe('Collection date must be within the next 12 months');
  });

  it('accepts the first collection day and later working days', () => {
    expect(dateError('2026-11-30', saturdayNight)).toBeUndefined();
    expect(dateError('2026-11-30', fridayAfternoon)).toBeUndefined();
    expect(dateError('2026-12-29', saturdayNight)).toBeUndefined();
  });
});

describe('booking validation: cover', () => {
  it('needs an explicit choice; no extended cover is one', () => {
    expect(validateBooking({ ...validDomestic(), cover: '' }, domesticRules).cover).toBe(messages.cover);
    expect(validateBooking({ ...validDomestic(), cover: '0' }, domesticRules).cover).toBeUndefined();
    expect(validateBooking({ ...validDomestic(), cover: '5000' }, domesticRules).cover).toBeUndefined();
  });

  it('refuses an amount that is not a tier', () => {
    expect(validateBooking({ ...validDomestic(), cover: '3000' }, domesticRules).cover).toBe(messages.cover);
  });

  it('is not asked for when the form has no cover (a posted job)', () => {
    expect(
      validateBooking({ ...validDomestic(), cover: '' }, { ...domesticRules, requireCover: false }),
    ).toEqual({});
  });
});

describe('booking validation: international customs and items', () => {
  it('accepts a complete international booking', () => {
    expect(validateBooking(validInternational(), internationalRules)).toEqual({});
  });

  it('needs the customs choices and at least one item', () => {
    const values = {
      ...validInternational(),
      customs: emptyBooking({ from: 'GB', to: 'FR', international: true }).customs,
      items: [],
    };
    const errors = validateBooking(values, internationalRules);
    expect(errors['customs.documentType']).toBe('Choose a document type');
    expect(errors['customs.reasonForExport']).toBe('Choose a reason for export');
    expect(errors['customs.senderType']).toBe(messages.senderType);
    expect(errors['customs.recipientType']).toBe(messages.recipientType);
    expect(errors.items).toBe('Add at least one item to the breakdown of contents');
    expect(submitProblem(Object.values(errors))).toBe('Please fill in all required fields');
  });

  it('needs a company name for company senders and recipients, and well-formed EORI numbers', () => {
    const values = validInternational();
    values.customs = {
      ...values.customs,
      senderType: 'company',
      recipientType: 'company',
      senderEori: '12345',
    };
    const errors = validateBooking(values, internationalRules);
    expect(errors['customs.senderCompanyName']).toBe('Sender company name is required');
    expect(errors['customs.recipientCompanyName']).toBe('Recipient company name is required');
    expect(errors['customs.senderEori']).toBe(messages.eori('Sender'));
    values.customs = {
      ...values.customs,
      senderCompanyName: 'Acme Ltd',
      recipientCompanyName: 'Acme SA',
      senderEori: 'gb123456789000',
    };
    expect(validateBooking(values, internationalRules)).toEqual({});
  });

  it('checks each row: description, HS code, quantity, unit value, country', () => {
    const values = validInternational();
    values.items = [
      { description: 'Shoes!', hsCode: '6405', quantity: '0', unitValue: '0.001', originCountry: '' },
      emptyItem(),
    ];
    const errors = validateBooking(values, internationalRules);
    expect(errors['items.0.description']).toBe(messages.description);
    expect(errors['items.0.hsCode']).toBe('HS code must be 6 to 10 digits');
    expect(errors['items.0.quantity']).toBe(messages.quantity);
    expect(errors['items.0.unitValue']).toBe(messages.unitValue);
    expect(errors['items.0.originCountry']).toBe('Choose the country of manufacture');
    expect(errors['items.1.description']).toBe('Description is required');
    expect(errors['items.1.hsCode']).toBe('HS code is required');
    expect(errors['items.1.unitValue']).toBe('Unit value is required');
    expect(
      validateBooking({ ...values, items: [{ ...values.items[0]!, unitValue: '0.00' }] }, internationalRules)[
        'items.0.unitValue'
      ],
    ).toBe(messages.unitValue);
  });

  it('ignores customs and items on a domestic booking', () => {
    const values = { ...validDomestic(), items: [emptyItem()] };
    expect(validateBooking(values, domesticRules)).toEqual({});
    expect(toShipmentBody(values, false)).not.toHaveProperty('items');
  });
});

describe('money and the breakdown maths', () => {
  it('parses pounds into exact pence without floats', () => {
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('£1,234.5')).toBe(123450);
    expect(parseMoney('7')).toBe(700);
    expect(parseMoney('1.005')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(minorUnitsToDecimal(123405)).toBe('1234.05');
  });

  it('computes subtotals and the total in whole pence', () => {
    expect(lineSubtotal({ quantity: '3', unitValue: '19.99' })).toBe(5997);
    expect(lineSubtotal({ quantity: '', unitValue: '1' })).toBeNull();
    // 0.10 + 0.20 is 0.30000000000000004 in floating point; in pence it is 30.
    expect(
      breakdownTotal([
        { quantity: '1', unitValue: '0.10' },
        { quantity: '1', unitValue: '0.20' },
      ]),
    ).toBe(30);
    expect(
      breakdownTotal([
        { quantity: '3', unitValue: '19.99' },
        { quantity: '7', unitValue: '0.07' },
        { quantity: 'x', unitValue: '5' },
      ]),
    ).toBe(5997 + 49);
    expect(formatMoney(6046)).toBe('£60.46');
  });

  it('sends integers in minor units and no price', () => {
    const body = toShipmentBody(validInternational(), true);
    expect(body.contentValue).toBe(4500);
    expect(body.items).toEqual([
      { description: 'Leather shoes', hsCode: '64059090', quantity: 2, unitValue: 1999, originCountry: 'CN' },
    ]);
    expect(body.customs).toEqual({
      documentType: 'commercial_invoice',
      reasonForExport: 'sold',
      senderType: 'private',
      recipientType: 'private',
    });
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('total');
    expect(body.collectionAddress).not.toHaveProperty('line2');
  });
});
