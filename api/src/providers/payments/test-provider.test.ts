import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentProvider, isTestPaymentProvider } from './index';
import {
  AlreadyCapturedError,
  AlreadyRefundedError,
  type CreatePaymentOrderInput,
  OrderNotApprovedError,
  PaymentDeclinedError,
  PaymentNotFoundError,
  PaymentRejectedError,
  ProviderUnavailableError,
} from './payments';
import {
  createFileTestPaymentStore,
  createMemoryTestPaymentStore,
  renderApprovalPage,
  TestPaymentProvider,
} from './test-provider';

const PUBLIC_URL = 'http://localhost:3000';

function provider() {
  return new TestPaymentProvider({ publicUrl: PUBLIC_URL, store: createMemoryTestPaymentStore() });
}

let n = 0;
function input(overrides: Partial<CreatePaymentOrderInput> = {}): CreatePaymentOrderInput {
  n++;
  return {
    reference: `ord_${n}`,
    amount: 1899,
    currency: 'GBP',
    description: 'Parcel to Leeds',
    requestId: `create:${n}`,
    returnUrl: 'http://localhost:3000/payment/return?order=ord_1',
    cancelUrl: 'http://localhost:3000/payment/cancel',
    ...overrides,
  };
}

describe('test payment provider', () => {
  it('creates an order whose approve URL is its own TEST MODE page, idempotent on the request id', async () => {
    const payments = provider();
    const request = input();
    const created = await payments.createOrder(request);
    expect(created.approveUrl).toBe(`${PUBLIC_URL}/api/v1/test-payments/${created.providerOrderId}/approve`);
    expect(await payments.createOrder({ ...request })).toEqual(created);
    const other = await payments.createOrder(input());
    expect(other.providerOrderId).not.toBe(created.providerOrderId);
    expect(await payments.getOrder(created.providerOrderId)).toEqual({
      providerOrderId: created.providerOrderId,
      status: 'CREATED',
      amount: 1899,
      currency: 'GBP',
      reference: request.reference,
    });
  });

  it('captures only after approval, and the approval sends the buyer back with the order id', async () => {
    const payments = provider();
    const { providerOrderId } = await payments.createOrder(input());
    await expect(payments.capture(providerOrderId, 'capture:1')).rejects.toBeInstanceOf(
      OrderNotApprovedError,
    );

    const { redirectUrl } = await payments.approve(providerOrderId);
    const back = new URL(redirectUrl);
    expect(back.pathname).toBe('/payment/return');
    expect(back.searchParams.get('order')).toBe('ord_1');
    expect(back.searchParams.get('token')).toBe(providerOrderId);
    // A double-clicked Approve button is harmless.
    await payments.approve(providerOrderId);
    expect((await payments.getOrder(providerOrderId)).status).toBe('APPROVED');

    const capture = await payments.capture(providerOrderId, 'capture:1');
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: 1899, currency: 'GBP' });
    expect(await payments.getOrder(providerOrderId)).toMatchObject({
      status: 'COMPLETED',
      captureId: capture.captureId,
      captureState: 'COMPLETED',
    });
  });

  it('returns the same capture for the same request id and refuses another request id', async () => {
    const payments = provider();
    const { providerOrderId } = await payments.createOrder(input());
    await payments.approve(providerOrderId);
    const first = await payments.capture(providerOrderId, 'capture:a');
    expect(await payments.capture(providerOrderId, 'capture:a')).toEqual(first);
    const failure = payments.capture(providerOrderId, 'capture:b');
    await expect(failure).rejects.toBeInstanceOf(AlreadyCapturedError);
    await expect(failure).rejects.toMatchObject({ issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('makes one capture out of 50 simultaneous ones', async () => {
    const payments = provider();
    const { providerOrderId } = await payments.createOrder(input());
    await payments.approve(providerOrderId);
    const same = await Promise.all(
      Array.from({ length: 50 }, () => payments.capture(providerOrderId, 'capture:x')),
    );
    expect(new Set(same.map((c) => c.captureId)).size).toBe(1);

    const second = await payments.createOrder(input());
    await payments.approve(second.providerOrderId);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => payments.capture(second.providerOrderId, `capture:${i}`)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(reasons.every((r) => r instanceof AlreadyCapturedError)).toBe(true);
  });

  it('declines at capture an order whose description carries the [decline] marker', async () => {
    const payments = provider();
    const { providerOrderId } = await payments.createOrder(input({ description: 'Parcel [DECLINE] please' }));
    await payments.approve(providerOrderId);
    const failure = payments.capture(providerOrderId, 'capture:1');
    await expect(failure).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(failure).rejects.toMatchObject({ issue: 'INSTRUMENT_DECLINED' });
    const order = await payments.getOrder(providerOrderId);
    expect(order.status).toBe('APPROVED');
    expect(order.captureId).toBeUndefined();
  });

  it('refunds in parts, replays a repeated request id and stops at the captured amount', async () => {
    const payments = provider();
    const { providerOrderId } = await payments.createOrder(input({ amount: 1000 }));
    await payments.approve(providerOrderId);
    const { captureId } = await payments.capture(providerOrderId, 'capture:1');

    const part = await payments.refund(captureId, { amount: 300, currency: 'GBP', requestId: 'refund:1' });
    expect(part.status).toBe('COMPLETED');
    expect(await payments.refund(captureId, { amount: 300, currency: 'GBP', requestId: 'refund:1' })).toEqual(
      part,
    );
    expect((await payments.getOrder(providerOrderId)).captureState).toBe('PARTIALLY_REFUNDED');

    await expect(
      payments.refund(captureId, { amount: 701, currency: 'GBP', requestId: 'refund:2' }),
    ).rejects.toMatchObject({ issue: 'REFUND_AMOUNT_EXCEEDED' });
    await expect(
      payments.refund(captureId, { amount: 100, currency: 'EUR', requestId: 'refund:3' }),
    ).rejects.toBeInstanceOf(PaymentRejectedError);

    const rest = await payments.refund(captureId, { currency: 'GBP', requestId: 'refund:4' });
    expect(rest.refundId).not.toBe(part.refundId);
    expect((await payments.getOrder(providerOrderId)).captureState).toBe('REFUNDED');
    await expect(
      payments.refund(captureId, { currency: 'GBP', requestId: 'refund:5' }),
    ).rejects.toBeInstanceOf(AlreadyRefundedError);
    await expect(payments.refund('TESTCAPNOPE', { currency: 'GBP', requestId: 'r' })).rejects.toBeInstanceOf(
      PaymentNotFoundError,
    );
  });

  it('rejects bad inputs and unknown ids clearly', async () => {
    const payments = provider();
    await expect(payments.createOrder(input({ amount: 0 }))).rejects.toThrow(RangeError);
    await expect(payments.createOrder(input({ amount: 10.5 }))).rejects.toThrow(RangeError);
    await expect(payments.createOrder(input({ currency: 'JPY' as 'GBP' }))).rejects.toThrow(RangeError);
    await expect(payments.createOrder(input({ cancelUrl: 'javascript:alert(1)' }))).rejects.toThrow(
      RangeError,
    );
    await expect(payments.getOrder('TESTNOPE')).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(payments.approve('TESTNOPE')).rejects.toBeInstanceOf(PaymentNotFoundError);
    await expect(payments.capture('TESTNOPE', 'c')).rejects.toBeInstanceOf(PaymentNotFoundError);
  });

  it('trusts no webhook', async () => {
    await expect(provider().verifyWebhook({}, '{}')).resolves.toBe(false);
  });
});

describe('test payment provider state on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'consign-test-payments-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps orders across a restart in dataDir/test-payments/orders.json', async () => {
    const config = { paypal: undefined, publicUrl: PUBLIC_URL, dataDir: dir };
    const before = createPaymentProvider(config);
    expect(isTestPaymentProvider(before)).toBe(true);
    if (!isTestPaymentProvider(before)) return;
    const { providerOrderId } = await before.createOrder(input());
    await before.approve(providerOrderId);
    const capture = await before.capture(providerOrderId, 'capture:1');
    expect(existsSync(join(dir, 'test-payments', 'orders.json'))).toBe(true);

    const after = createPaymentProvider(config);
    expect(await after.getOrder(providerOrderId)).toMatchObject({
      status: 'COMPLETED',
      captureId: capture.captureId,
    });
    // The restarted process still answers a retried capture with the first one.
    expect(await after.capture(providerOrderId, 'capture:1')).toEqual(capture);
    await expect(after.capture(providerOrderId, 'capture:2')).rejects.toBeInstanceOf(AlreadyCapturedError);
    const file = JSON.parse(readFileSync(join(dir, 'test-payments', 'orders.json'), 'utf8'));
    expect(file.orders).toHaveLength(1);
  });

  it('refuses to run on a corrupt file instead of forgetting payments', async () => {
    await mkdir(join(dir, 'test-payments'), { recursive: true });
    writeFileSync(join(dir, 'test-payments', 'orders.json'), '{ not json');
    const payments = new TestPaymentProvider({
      publicUrl: PUBLIC_URL,
      store: createFileTestPaymentStore(join(dir, 'test-payments')),
    });
    await expect(payments.createOrder(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('approval page', () => {
  const page = {
    id: 'TEST0123456789ABCDEF',
    amount: 1234,
    currency: 'GBP' as const,
    description: 'Parcel <script>alert(1)</script> & more',
    returnUrl: 'http://localhost:3000/payment/return',
    cancelUrl: 'http://localhost:3000/payment/cancel?order=a&b=c',
  };

  it('is clearly TEST MODE, posts back to its own URL and offers a way out', () => {
    const html = renderApprovalPage(page);
    expect(html).toContain('TEST MODE — no real money moves');
    expect(html).toContain('<html lang="en-GB">');
    // No action attribute: the form posts to the URL the page was served from.
    const form = /<form\b[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toMatch(/method="post"/);
    expect(form).not.toMatch(/action=/);
    expect(html).toMatch(/<button type="submit"[^>]*>Approve test payment of £12\.34<\/button>/);
    expect(html).toContain('href="http://localhost:3000/payment/cancel?order=a&amp;b=c"');
    expect(html).toContain('£12.34 GBP');
    expect(html).toContain(page.id);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
  });

  it('warns when the payment will be declined, and drops the button once approved', () => {
    expect(renderApprovalPage({ ...page, description: 'x [decline]' })).toMatch(/will be declined/);
    const settled = renderApprovalPage({ ...page, status: 'APPROVED' });
    expect(settled).not.toMatch(/<form/);
    expect(settled).toContain(`href="http://localhost:3000/payment/return?token=${page.id}"`);
  });

  it('never renders a script URL as the cancel link', () => {
    const html = renderApprovalPage({ ...page, cancelUrl: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:');
  });

  it('is served with the details the provider kept', async () => {
    const payments = provider();
    const { providerOrderId } = await payments.createOrder(input({ amount: 505, currency: 'EUR' }));
    const html = renderApprovalPage(await payments.approvalDetails(providerOrderId));
    expect(html).toContain('€5.05 EUR');
    expect(html).toContain('Parcel to Leeds');
  });
});
