import { describe, expect, it } from 'vitest';
import {
  bookingCancelled,
  bookingCompleted,
  checkoutEscape,
  checkoutHello,
  parseOrigin,
  paymentApproved,
  readCheckoutMessage,
} from './checkout-messages';

const detail = { orderId: 'ord_1', reference: '#ABCD1234', total: 1299, currency: 'GBP' };

describe('checkout messages', () => {
  it('are what the widget reads, after a trip through structured clone', () => {
    for (const message of [
      checkoutHello(),
      paymentApproved('ord_1'),
      bookingCompleted(detail),
      bookingCancelled(),
      checkoutEscape(),
    ]) {
      expect(readCheckoutMessage(structuredClone(message))).toEqual(message);
    }
    expect(bookingCompleted(detail)).toEqual({ source: 'consign', type: 'booking:completed', detail });
  });

  it('carry only the named booking fields', () => {
    const smuggled = { ...detail, email: 'someone@example.com' };
    expect(bookingCompleted(smuggled)).toEqual({ source: 'consign', type: 'booking:completed', detail });
    expect(
      readCheckoutMessage({ source: 'consign', type: 'booking:completed', detail: smuggled, extra: 1 }),
    ).toEqual({ source: 'consign', type: 'booking:completed', detail });
  });

  it.each([
    null,
    'checkout:hello',
    { type: 'checkout:hello' },
    { source: 'consign-widget', type: 'checkout:hello' },
    { source: 'consign', type: 'booking:refunded' },
    { source: 'consign', type: 'booking:completed' },
    { source: 'consign', type: 'payment:approved' },
    { source: 'consign', type: 'payment:approved', detail: { orderId: 7 } },
    { source: 'consign', type: 'booking:completed', detail: { ...detail, total: 12.99 } },
    { source: 'consign', type: 'booking:completed', detail: { ...detail, total: '1299' } },
    { source: 'consign', type: 'booking:completed', detail: { ...detail, reference: 7 } },
  ])('refuses %j', (data) => {
    expect(readCheckoutMessage(data)).toBeNull();
  });
});

describe('parseOrigin', () => {
  it('keeps an exact origin exactly, as the checkout requires of ?origin=', () => {
    for (const origin of ['https://shop.example', 'http://localhost:5173'])
      expect(parseOrigin(origin)).toBe(origin);
    for (const other of [
      'https://shop.example/',
      'https://Shop.example',
      'https://shop.example:443',
      'shop.example',
    ])
      expect(parseOrigin(other)).not.toBe(other);
  });
});
