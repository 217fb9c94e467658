import { describe, expect, it } from 'vitest';
import { createMemoryTestPaymentStore, createPaymentProvider, isTestPaymentProvider } from './index';
import {
  AlreadyCapturedError,
  fromProviderAmount,
  OrderNotApprovedError,
  PaymentDeclinedError,
  ProviderUnavailableError,
  paymentErrorToAppError,
  toProviderAmount,
  truncate,
} from './payments';

describe('money on the wire', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [5, '0.05'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [1234, '12.34'],
    [29, '0.29'],
    [100005, '1000.05'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%i minor units is "%s"', (minor, text) => {
    expect(toProviderAmount(minor, 'GBP')).toBe(text);
    expect(fromProviderAmount(text, 'GBP')).toBe(minor);
  });

  it('reads the shapes PayPal may send', () => {
    expect(fromProviderAmount('12', 'USD')).toBe(1200);
    expect(fromProviderAmount('12.3', 'EUR')).toBe(1230);
    expect(fromProviderAmount('0.29', 'GBP')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(fromProviderAmount('1.000', 'GBP')).toBe(100);
    expect(fromProviderAmount('.5', 'GBP')).toBe(50);
  });

  it.each(['12.345', '-1.00', '1e3', '12,34', '', ' 1.00', '.', '1.', '90071992547409.92'])(
    'refuses "%s"',
    (text) => {
      expect(() => fromProviderAmount(text, 'GBP')).toThrow(RangeError);
    },
  );

  it('refuses fractions, negatives and unknown currencies when writing', () => {
    expect(() => toProviderAmount(12.5, 'GBP')).toThrow(RangeError);
    expect(() => toProviderAmount(-1, 'GBP')).toThrow(RangeError);
    expect(() => toProviderAmount(100, 'JPY')).toThrow(/Unsupported currency/);
  });

  it('cuts descriptions by characters, not UTF-16 units', () => {
    const text = '📦'.repeat(130);
    const cut = truncate(text, 127);
    expect([...cut]).toHaveLength(127);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncate('short', 127)).toBe('short');
  });
});

describe('paymentErrorToAppError', () => {
  it('maps each provider failure to a problem a client can act on', () => {
    expect(paymentErrorToAppError(new PaymentDeclinedError())).toMatchObject({
      status: 422,
      code: 'payment_declined',
      message: 'Payment failed. Please try again.',
    });
    expect(paymentErrorToAppError(new OrderNotApprovedError())).toMatchObject({ status: 409 });
    expect(paymentErrorToAppError(new AlreadyCapturedError())).toMatchObject({ status: 409 });
    const unavailable = paymentErrorToAppError(new ProviderUnavailableError());
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers?.['Retry-After']).toBeDefined();
  });

  it('keeps PayPal details on the typed error for logs', () => {
    const error = new PaymentDeclinedError('declined', {
      issue: 'INSTRUMENT_DECLINED',
      debugId: 'abc',
      httpStatus: 422,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PaymentDeclinedError');
    expect(error).toMatchObject({ code: 'declined', issue: 'INSTRUMENT_DECLINED', debugId: 'abc' });
  });
});

describe('createPaymentProvider', () => {
  const base = { publicUrl: 'http://localhost:3000', dataDir: '/nonexistent-unused' };

  it('uses PayPal when it is configured', () => {
    const provider = createPaymentProvider({
      ...base,
      paypal: {
        clientId: 'client-id',
        clientSecret: 'secret',
        env: 'sandbox',
        apiBase: 'https://api-m.sandbox.paypal.com',
      },
    });
    expect(provider.name).toBe('paypal');
    expect(provider.clientId).toBe('client-id');
    expect(isTestPaymentProvider(provider)).toBe(false);
  });

  it('falls back to the TEST MODE provider', () => {
    const provider = createPaymentProvider(
      { ...base, paypal: undefined },
      { testStore: createMemoryTestPaymentStore() },
    );
    expect(provider.name).toBe('test');
    expect(provider.clientId).toBeUndefined();
    expect(isTestPaymentProvider(provider)).toBe(true);
  });
});
