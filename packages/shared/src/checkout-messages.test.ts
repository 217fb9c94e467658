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

  it('carry the booked order’s signed link and summary for the widget, apart from the partner’s detail', () => {
    const order = {
      token: 'eyJvIjoiMSJ9.c2lnbmF0dXJl',
      summary: {
        serviceName: 'Next Day',
        vendorName: 'Swift Couriers Ltd',
        collectionDate: '2026-05-07',
        from: 'London',
        to: 'Edinburgh',
      },
    };
    const message = bookingCompleted(detail, order);
    expect(message).toEqual({ source: 'consign', type: 'booking:completed', detail, order });
    expect(readCheckoutMessage(structuredClone(message))).toEqual(message);
    // A token that is not a signed link's shape, or a summary missing a field: the event still
    // stands, with what is sound of the rest.
    for (const token of ['', 'a.b/c', 'javascript:alert(1).x', 'a'.repeat(600)]) {
      expect(
        readCheckoutMessage({
          source: 'consign',
          type: 'booking:completed',
          detail,
          order: { ...order, token },
        }),
      ).toEqual({ source: 'consign', type: 'booking:completed', detail });
    }
    const { to: _to, ...partial } = order.summary;
    expect(
      readCheckoutMessage({
        source: 'consign',
        type: 'booking:completed',
        detail,
        order: { token: order.token, summary: { ...partial, email: 'x@example.com' } },
      }),
    ).toEqual({ source: 'consign', type: 'booking:completed', detail, order: { token: order.token } });
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
