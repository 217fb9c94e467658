import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../../test/fake-paypal/server';
import {
  AlreadyCapturedError,
  AlreadyRefundedError,
  type CreatePaymentOrderInput,
  OrderNotApprovedError,
  PaymentDeclinedError,
  PaymentMisconfiguredError,
  PaymentNotFoundError,
  ProviderUnavailableError,
} from './payments';
import { type PayPalOptions, PayPalPaymentProvider } from './paypal';

let fake: FakePayPal;
let clock: number;

beforeEach(async () => {
  fake = await startFakePayPal();
  clock = Date.now();
});

afterEach(async () => {
  // Every answer the fake gave must have matched PayPal's published contract.
  expect(fake.problems).toEqual([]);
  await fake.close();
});

function client(options: Partial<PayPalOptions> = {}) {
  return new PayPalPaymentProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    webhookId: fake.webhookId,
    retryBaseDelayMs: 1,
    now: () => clock,
    ...options,
  });
}

let sequence = 0;
function orderInput(overrides: Partial<CreatePaymentOrderInput> = {}): CreatePaymentOrderInput {
  sequence++;
  return {
    reference: `ord_${sequence}_${Date.now()}`,
    amount: 1234,
    currency: 'GBP',
    description: 'Next-day parcel, London to Leeds',
    requestId: `create:${sequence}:${Date.now()}`,
    returnUrl: 'https://consign.example/payment/return',
    cancelUrl: 'https://consign.example/payment/cancel',
    ...overrides,
  };
}

/** Creates an order and approves it at the fake, as a buyer would. */
async function approvedOrder(
  paypal: PayPalPaymentProvider,
  overrides: Partial<CreatePaymentOrderInput> = {},
) {
  const created = await paypal.createOrder(orderInput(overrides));
  fake.approve(created.providerOrderId);
  return created.providerOrderId;
}

describe('OAuth token', () => {
  it('fetches one token for many concurrent calls and reuses it', async () => {
    const paypal = client();
    const created = await Promise.all(Array.from({ length: 10 }, () => paypal.createOrder(orderInput())));
    await Promise.all(created.map((o) => paypal.getOrder(o.providerOrderId)));
    expect(fake.stats.requests.token).toBe(1);
    expect(fake.stats.requests.createOrder).toBe(10);
    expect(fake.stats.requests.getOrder).toBe(10);
    const tokenCall = fake.requests.find((r) => r.operation === 'token');
    const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
    expect(tokenCall?.headers.authorization).toBe(expected);
  });

  it('renews the token shortly before it expires, not after', async () => {
    const paypal = client();
    await paypal.createOrder(orderInput());
    clock += (32_400 - 301) * 1000; // just outside the 5-minute renewal margin
    await paypal.createOrder(orderInput());
    expect(fake.stats.requests.token).toBe(1);
    clock += 2_000; // now inside it
    await Promise.all([paypal.createOrder(orderInput()), paypal.createOrder(orderInput())]);
    expect(fake.stats.requests.token).toBe(2);
  });

  it('renews once when PayPal stops accepting a cached token', async () => {
    const paypal = client();
    const { providerOrderId } = await paypal.createOrder(orderInput());
    fake.revokeTokens();
    const order = await paypal.getOrder(providerOrderId);
    expect(order.providerOrderId).toBe(providerOrderId);
    expect(fake.stats.requests.token).toBe(2);
  });

  it('reports wrong credentials as a configuration problem without retrying', async () => {
    const paypal = client({ clientSecret: 'not-the-secret' });
    const failure = paypal.createOrder(orderInput());
    await expect(failure).rejects.toBeInstanceOf(PaymentMisconfiguredError);
    await expect(failure).rejects.not.toThrow(/not-the-secret/);
    expect(fake.stats.requests.token).toBe(1);
    expect(fake.stats.requests.createOrder).toBe(0);
  });
});

describe('create, approve, capture, refund', () => {
  it('creates the order PayPal expects and answers its approval link', async () => {
    const paypal = client();
    const input = orderInput({ amount: 5, description: `${'x'.repeat(200)}` });
    const created = await paypal.createOrder(input);

    const sent = fake.requests.find((r) => r.operation === 'createOrder');
    expect(sent?.headers['paypal-request-id']).toBe(input.requestId);
    expect(sent?.headers.prefer).toBe('return=representation');
    const body = sent?.body as {
      intent: string;
      purchase_units: { reference_id: string; invoice_id: string; description: string; amount: unknown }[];
      payment_source: { paypal: { experience_context: Record<string, string> } };
    };
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0]?.amount).toEqual({ currency_code: 'GBP', value: '0.05' });
    expect(body.purchase_units[0]?.reference_id).toBe(input.reference);
    expect(body.purchase_units[0]?.invoice_id).toBe(input.reference);
    expect([...(body.purchase_units[0]?.description ?? '')].length).toBe(127);
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      shipping_preference: 'NO_SHIPPING',
    });
    expect(created.approveUrl).toBe(`${fake.url}/checkoutnow?token=${created.providerOrderId}`);

    const order = await paypal.getOrder(created.providerOrderId);
    expect(order).toMatchObject({
      status: 'PAYER_ACTION_REQUIRED',
      amount: 5,
      currency: 'GBP',
      reference: input.reference,
    });
    expect(order.captureId).toBeUndefined();
  });

  it('answers the same order for a repeated PayPal-Request-Id', async () => {
    const paypal = client();
    const input = orderInput();
    const first = await paypal.createOrder(input);
    const again = await paypal.createOrder({ ...input });
    expect(again.providerOrderId).toBe(first.providerOrderId);
    expect(fake.stats.ordersCreated).toBe(1);
  });

  it('takes the payment after the buyer approves on the approval link, then refunds it', async () => {
    const paypal = client();
    const input = orderInput({ amount: 2599 });
    const created = await paypal.createOrder(input);

    // The buyer follows the link; PayPal sends them back to the return URL with the order id.
    const approval = await fetch(created.approveUrl ?? '', { redirect: 'manual' });
    expect(approval.status).toBe(302);
    const back = new URL(approval.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(input.returnUrl);
    expect(back.searchParams.get('token')).toBe(created.providerOrderId);
    expect((await paypal.getOrder(created.providerOrderId)).status).toBe('APPROVED');

    const capture = await paypal.capture(created.providerOrderId, `capture:${input.reference}`);
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: 2599, currency: 'GBP' });
    const paid = await paypal.getOrder(created.providerOrderId);
    expect(paid).toMatchObject({
      status: 'COMPLETED',
      captureId: capture.captureId,
      captureState: 'COMPLETED',
    });

    const partial = await paypal.refund(capture.captureId, {
      amount: 599,
      currency: 'GBP',
      requestId: 'refund:1',
    });
    expect(partial.status).toBe('COMPLETED');
    expect(fake.order(created.providerOrderId)?.refunded).toBe('5.99');
    expect((await paypal.getOrder(created.providerOrderId)).captureState).toBe('PARTIALLY_REFUNDED');

    // A repeated refund request id is the same refund, not a second one.
    const replay = await paypal.refund(capture.captureId, {
      amount: 599,
      currency: 'GBP',
      requestId: 'refund:1',
    });
    expect(replay.refundId).toBe(partial.refundId);
    expect(fake.stats.refundsPerformed).toBe(1);

    // No amount: whatever is left.
    await paypal.refund(capture.captureId, { currency: 'GBP', requestId: 'refund:2' });
    expect(fake.order(created.providerOrderId)?.refunded).toBe('25.99');
    expect((await paypal.getOrder(created.providerOrderId)).captureState).toBe('REFUNDED');
    await expect(
      paypal.refund(capture.captureId, { currency: 'GBP', requestId: 'refund:3' }),
    ).rejects.toBeInstanceOf(AlreadyRefundedError);
  });

  it('captures once however often the same PayPal-Request-Id is sent, even all at once', async () => {
    const paypal = client();
    const id = await approvedOrder(paypal);
    const results = await Promise.all(Array.from({ length: 20 }, () => paypal.capture(id, `capture:${id}`)));
    expect(new Set(results.map((r) => r.captureId)).size).toBe(1);
    expect(fake.stats.requests.capture).toBe(20);
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('refuses a second capture under another request id as AlreadyCaptured', async () => {
    const paypal = client();
    const id = await approvedOrder(paypal);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => paypal.capture(id, `attempt:${i}`)),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(7);
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(AlreadyCapturedError);
      expect(reason.issue).toBe('ORDER_ALREADY_CAPTURED');
    }
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('treats a second PayPal order for an already paid reference as already captured', async () => {
    const paypal = client();
    const reference = `ord_dup_${Date.now()}`;
    const first = await approvedOrder(paypal, { reference });
    const second = await approvedOrder(paypal, { reference });
    await paypal.capture(first, 'capture:first');
    const failure = paypal.capture(second, 'capture:second');
    await expect(failure).rejects.toBeInstanceOf(AlreadyCapturedError);
    await expect(failure).rejects.toMatchObject({ issue: 'DUPLICATE_INVOICE_ID' });
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('reports a declined instrument and takes nothing', async () => {
    const paypal = client();
    fake.setDecline({ value: '13.13' });
    const id = await approvedOrder(paypal, { amount: 1313 });
    const failure = paypal.capture(id, `capture:${id}`);
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(failure).rejects.toMatchObject({ issue: 'INSTRUMENT_DECLINED', httpStatus: 422 });
    expect(fake.stats.capturesPerformed).toBe(0);
    expect((await paypal.getOrder(id)).status).toBe('APPROVED');
    // Other amounts are unaffected.
    const other = await approvedOrder(paypal, { amount: 1314 });
    await expect(paypal.capture(other, `capture:${other}`)).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const paypal = client();
    const { providerOrderId } = await paypal.createOrder(orderInput());
    const failure = paypal.capture(providerOrderId, 'capture:early');
    await expect(failure).rejects.toBeInstanceOf(OrderNotApprovedError);
    await expect(failure).rejects.toMatchObject({ issue: 'ORDER_NOT_APPROVED' });
    expect(fake.stats.capturesPerformed).toBe(0);
  });

  it('reports an unknown order or capture as not found', async () => {
    const paypal = client();
    await expect(paypal.getOrder('NOSUCHORDER000001')).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(paypal.capture('NOSUCHORDER000001', 'c')).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(
      paypal.refund('NOSUCHCAPTURE0001', { currency: 'GBP', requestId: 'r' }),
    ).rejects.toBeInstanceOf(PaymentNotFoundError);
  });

  it('checks inputs before calling PayPal', async () => {
    const paypal = client();
    await expect(paypal.createOrder(orderInput({ amount: 0 }))).rejects.toThrow(RangeError);
    await expect(paypal.createOrder(orderInput({ amount: 12.5 }))).rejects.toThrow(RangeError);
    await expect(paypal.createOrder(orderInput({ returnUrl: 'javascript:alert(1)' }))).rejects.toThrow(
      RangeError,
    );
    await expect(paypal.refund('X', { amount: -1, currency: 'GBP', requestId: 'r' })).rejects.toThrow(
      RangeError,
    );
    expect(fake.stats.requests.createOrder + fake.stats.requests.refund).toBe(0);
  });
});

describe('retries', () => {
  it('retries a 503 that came after PayPal captured, with the same request id, and captures once', async () => {
    const paypal = client();
    const id = await approvedOrder(paypal);
    fake.injectFault({ operation: 'capture', status: 503, after: true });
    const capture = await paypal.capture(id, `capture:${id}`);
    expect(capture.status).toBe('COMPLETED');
    expect(fake.stats.requests.capture).toBe(2);
    expect(fake.stats.capturesPerformed).toBe(1);
    const ids = fake.requests
      .filter((r) => r.operation === 'capture')
      .map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([`capture:${id}`, `capture:${id}`]);
  });

  it('retries transient failures before the work, up to the attempt limit', async () => {
    const paypal = client({ maxAttempts: 3 });
    const id = await approvedOrder(paypal);
    fake.injectFault({ operation: 'capture', status: 503, times: 2 });
    await expect(paypal.capture(id, `capture:${id}`)).resolves.toMatchObject({ status: 'COMPLETED' });
    expect(fake.stats.requests.capture).toBe(3);
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('gives up after the attempt limit with ProviderUnavailable and has taken nothing', async () => {
    const paypal = client({ maxAttempts: 3 });
    const id = await approvedOrder(paypal);
    fake.injectFault({ operation: 'capture', status: 500, times: 10 });
    await expect(paypal.capture(id, `capture:${id}`)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(fake.stats.requests.capture).toBe(3);
    expect(fake.stats.capturesPerformed).toBe(0);
  });

  it('retries a dropped connection after the capture without capturing twice', async () => {
    const paypal = client();
    const id = await approvedOrder(paypal);
    fake.injectFault({ operation: 'capture', drop: true, after: true });
    const capture = await paypal.capture(id, `capture:${id}`);
    expect(capture.status).toBe('COMPLETED');
    expect(fake.stats.requests.capture).toBe(2);
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('times out a slow answer and retries it with the same request id', async () => {
    const paypal = client({ timeoutMs: 150 });
    const id = await approvedOrder(paypal);
    fake.injectFault({ operation: 'capture', delayMs: 600 });
    const capture = await paypal.capture(id, `capture:${id}`);
    expect(capture.status).toBe('COMPLETED');
    expect(fake.stats.requests.capture).toBe(2);
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('retries a failed token request', async () => {
    const paypal = client();
    fake.injectFault({ operation: 'token', status: 503 });
    await expect(paypal.createOrder(orderInput())).resolves.toHaveProperty('providerOrderId');
    expect(fake.stats.requests.token).toBe(2);
  });

  it('reports an unreachable PayPal as unavailable', async () => {
    const paypal = client({ apiBase: 'http://127.0.0.1:9', maxAttempts: 2 });
    await expect(paypal.getOrder('ANY')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('webhook signature', () => {
  const event = {
    id: 'WH-9X123456AB789012C',
    event_version: '1.0',
    create_time: '2025-03-01T10:00:00Z',
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: 'Payment completed for GBP 12.34',
    resource: {
      id: '5O190127TN364715T',
      status: 'COMPLETED',
      amount: { currency_code: 'GBP', value: '12.34' },
    },
  };

  it('is SUCCESS for an event PayPal signed for our webhook', async () => {
    const paypal = client();
    const { headers, rawBody } = fake.signWebhook(event);
    await expect(paypal.verifyWebhook(headers, rawBody)).resolves.toBe(true);
    const sent = fake.requests.find((r) => r.operation === 'verifyWebhook')?.body as Record<string, unknown>;
    expect(sent.webhook_id).toBe(fake.webhookId);
    expect(sent.webhook_event).toEqual(event);
  });

  it('accepts headers in any letter case', async () => {
    const paypal = client();
    const { headers, rawBody } = fake.signWebhook(event);
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    await expect(paypal.verifyWebhook(shouted, rawBody)).resolves.toBe(true);
  });

  it('is FAILURE for a tampered body, another webhook or a forged signature', async () => {
    const paypal = client();
    const { headers, rawBody } = fake.signWebhook(event);
    await expect(paypal.verifyWebhook(headers, rawBody.replace('12.34', '99.99'))).resolves.toBe(false);
    const elsewhere = fake.signWebhook(event, { webhookId: 'WH0SOMEONE0ELSE' });
    await expect(paypal.verifyWebhook(elsewhere.headers, elsewhere.rawBody)).resolves.toBe(false);
    const forged = { ...headers, 'paypal-transmission-sig': `a${'0'.repeat(63)}` };
    await expect(paypal.verifyWebhook(forged, rawBody)).resolves.toBe(false);
    expect(fake.stats.requests.verifyWebhook).toBe(3);
  });

  it('is false without asking PayPal when headers or body are missing or no webhook id is set', async () => {
    const { headers, rawBody } = fake.signWebhook(event);
    const paypal = client();
    await expect(
      paypal.verifyWebhook({ ...headers, 'paypal-transmission-sig': undefined }, rawBody),
    ).resolves.toBe(false);
    await expect(paypal.verifyWebhook(headers, 'not json')).resolves.toBe(false);
    await expect(client({ webhookId: undefined }).verifyWebhook(headers, rawBody)).resolves.toBe(false);
    expect(fake.stats.requests.verifyWebhook).toBe(0);
  });

  it('is false when PayPal refuses the verify request as malformed', async () => {
    const paypal = client();
    const { headers, rawBody } = fake.signWebhook(event);
    // The contract's transmission_sig pattern refuses an all-digit value.
    await expect(
      paypal.verifyWebhook({ ...headers, 'paypal-transmission-sig': '123456' }, rawBody),
    ).resolves.toBe(false);
    expect(fake.rejected.map((r) => r.operation)).toEqual(['verifyWebhook']);
  });

  it('throws ProviderUnavailable when it cannot be decided now, so PayPal redelivers', async () => {
    const paypal = client({ maxAttempts: 2 });
    const { headers, rawBody } = fake.signWebhook(event);
    fake.injectFault({ operation: 'verifyWebhook', status: 503, times: 2 });
    await expect(paypal.verifyWebhook(headers, rawBody)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('the fake enforces the contract', () => {
  async function token() {
    const res = await fetch(`${fake.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'app_id',
      'expires_in',
      'nonce',
      'scope',
      'token_type',
    ]);
    return body.access_token as string;
  }

  async function createRaw(body: unknown) {
    const res = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await token()}`,
        'Content-Type': 'application/json',
        'PayPal-Request-Id': 'raw',
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { name: string; details: { field: string; issue: string }[] },
    };
  }

  it('rejects a create body that violates the order_request schema, naming the field', async () => {
    const missingIntent = await createRaw({
      purchase_units: [{ amount: { currency_code: 'GBP', value: '1.00' } }],
    });
    expect(missingIntent.status).toBe(400);
    expect(missingIntent.body.name).toBe('INVALID_REQUEST');
    expect(missingIntent.body.details).toContainEqual(
      expect.objectContaining({ field: '/intent', issue: 'MISSING_REQUIRED_PARAMETER' }),
    );

    const badValue = await createRaw({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'GBP', value: '12,34' } }],
    });
    expect(badValue.status).toBe(400);
    expect(badValue.body.details).toContainEqual(
      expect.objectContaining({ field: '/purchase_units/0/amount/value', issue: 'INVALID_PARAMETER_SYNTAX' }),
    );

    const badCurrency = await createRaw({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'POUNDS', value: '1.00' } }],
    });
    expect(badCurrency.body.details).toContainEqual(
      expect.objectContaining({
        field: '/purchase_units/0/amount/currency_code',
        issue: 'INVALID_STRING_LENGTH',
      }),
    );

    const noUnits = await createRaw({ intent: 'CAPTURE', purchase_units: [] });
    expect(noUnits.body.details).toContainEqual(
      expect.objectContaining({ field: '/purchase_units', issue: 'INVALID_ARRAY_MIN_ITEMS' }),
    );

    expect(fake.rejected).toHaveLength(4);
    expect(fake.stats.ordersCreated).toBe(0);
  });

  it('applies PayPal business rules the schema cannot express', async () => {
    const tooPrecise = await createRaw({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'GBP', value: '1.005' } }],
    });
    expect(tooPrecise.status).toBe(422);
    expect(tooPrecise.body.details[0]?.issue).toBe('DECIMAL_PRECISION');
    const zero = await createRaw({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'GBP', value: '0.00' } }],
    });
    expect(zero.body.details[0]?.issue).toBe('CANNOT_BE_ZERO_OR_NEGATIVE');
  });

  it('refuses calls without a valid bearer token', async () => {
    const res = await fetch(`${fake.url}/v2/checkout/orders/ANY`, {
      headers: { Authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { name: string }).name).toBe('AUTHENTICATION_FAILURE');
  });

  it('counts money-moving calls that arrive without a PayPal-Request-Id', async () => {
    const res = await fetch(`${fake.url}/v2/checkout/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'GBP', value: '1.00' } }],
      }),
    });
    expect(res.status).toBe(201);
    expect(fake.stats.withoutRequestId).toBe(1);
  });
});
