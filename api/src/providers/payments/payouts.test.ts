/**
 * Payouts through the real PayPal client against the fake PayPal built from PayPal's published
 * Payouts contract, and the TEST MODE payouts: a batch made once per sender_batch_id, read back
 * with each item's outcome, an unclaimed item cancelled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, startFakePayPal } from '../../test/fake-paypal/server';
import { PaymentRejectedError, ProviderUnavailableError } from './payments';
import type { CreatePayoutBatchInput } from './payouts';
import { PayPalPaymentProvider } from './paypal';
import { createMemoryTestPayoutStore, TestPayoutProvider } from './test-payouts';

let fake: FakePayPal;
beforeEach(async () => {
  fake = await startFakePayPal();
});
afterEach(async () => {
  expect(fake.problems).toEqual([]);
  expect(fake.rejected).toEqual([]);
  await fake.close();
});

const client = () =>
  new PayPalPaymentProvider({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: fake.url,
    retryBaseDelayMs: 1,
  });

const batch = (overrides: Partial<CreatePayoutBatchInput> = {}): CreatePayoutBatchInput => ({
  senderBatchId: 'batch-0001',
  emailSubject: 'Your Consign payout',
  emailMessage: 'Your earnings are on their way.',
  items: [
    {
      senderItemId: 'item-a',
      receiver: 'a@couriers.example',
      amount: 10_050,
      currency: 'GBP',
      note: 'Consign payout',
    },
    {
      senderItemId: 'item-b',
      receiver: 'b@couriers.example',
      amount: 999,
      currency: 'GBP',
      note: 'Consign payout',
    },
  ],
  ...overrides,
});

describe('PayPal Payouts', () => {
  it('sends one batch with our ids, keyed by the sender_batch_id, and reads each item’s outcome back', async () => {
    const paypal = client();
    fake.setPayoutOutcome('b@couriers.example', 'UNCLAIMED');
    const created = await paypal.createPayoutBatch(batch());
    expect(created).toMatchObject({ state: 'PENDING', items: [] });
    const sent = fake.requests.find((r) => r.operation === 'createPayout');
    expect(sent?.headers['paypal-request-id']).toBe('batch-0001');
    expect(sent?.body).toMatchObject({
      sender_batch_header: { sender_batch_id: 'batch-0001', recipient_type: 'EMAIL' },
      items: [
        {
          amount: { value: '100.50', currency: 'GBP' },
          receiver: 'a@couriers.example',
          sender_item_id: 'item-a',
        },
        {
          amount: { value: '9.99', currency: 'GBP' },
          receiver: 'b@couriers.example',
          sender_item_id: 'item-b',
        },
      ],
    });

    const read = await paypal.getPayoutBatch(created.providerBatchId);
    expect(read.state).toBe('SUCCESS');
    expect(read.items).toEqual([
      expect.objectContaining({
        senderItemId: 'item-a',
        state: 'SUCCESS',
        transactionId: expect.any(String),
      }),
      expect.objectContaining({ senderItemId: 'item-b', state: 'UNCLAIMED', transactionId: null }),
    ]);
    const unclaimed = read.items[1]!;
    expect(await paypal.cancelPayoutItem(unclaimed.providerItemId)).toMatchObject({ state: 'RETURNED' });
    await expect(paypal.cancelPayoutItem(read.items[0]!.providerItemId)).rejects.toBeInstanceOf(
      PaymentRejectedError,
    );
  });

  it('pays once when the answer to the create was lost: the retry gets the first batch', async () => {
    const paypal = client();
    fake.injectFault({ operation: 'createPayout', after: true, status: 503 });
    const created = await paypal.createPayoutBatch(batch());
    expect(fake.stats.requests.createPayout).toBe(2);
    expect(fake.stats.payoutBatchesCreated).toBe(1);
    // A later run asking again (a restart) gets the same batch too.
    expect((await paypal.createPayoutBatch(batch())).providerBatchId).toBe(created.providerBatchId);
    expect(fake.payoutItems()).toHaveLength(2);
  });

  it('finds the first batch from PayPal’s duplicate error once PayPal has forgotten the request id', async () => {
    const paypal = client();
    const first = await paypal.createPayoutBatch(batch());
    // 30 days on, PayPal no longer replays the request id; it refuses the sender_batch_id instead.
    fake.forgetRequestIds();
    const again = await client().createPayoutBatch(batch());
    expect(again.providerBatchId).toBe(first.providerBatchId);
    expect(fake.stats.requests.createPayout).toBe(2);
    expect(fake.stats.payoutBatchesCreated).toBe(1);
    expect(fake.stats.requests.getPayout).toBe(1);
  });

  it('refuses a malformed receiver as PayPal would, and reports an outage as unavailable', async () => {
    const paypal = client();
    await expect(
      paypal.createPayoutBatch(batch({ items: [{ ...batch().items[0]!, receiver: 'not-an-email' }] })),
    ).rejects.toBeInstanceOf(PaymentRejectedError);
    fake.injectFault({ operation: 'createPayout', status: 503, times: 5 });
    await expect(paypal.createPayoutBatch(batch({ senderBatchId: 'batch-0002' }))).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    );
    expect(fake.stats.payoutBatchesCreated).toBe(0);
  });
});

describe('TEST MODE payouts', () => {
  it('makes a batch once per sender_batch_id, pays everyone but +unclaimed and +fail addresses', async () => {
    const test = new TestPayoutProvider(createMemoryTestPayoutStore());
    const input = batch({
      items: [
        ...batch().items,
        {
          senderItemId: 'item-c',
          receiver: 'c+unclaimed@couriers.example',
          amount: 500,
          currency: 'GBP',
          note: 'x',
        },
        {
          senderItemId: 'item-d',
          receiver: 'd+fail@couriers.example',
          amount: 500,
          currency: 'GBP',
          note: 'x',
        },
      ],
    });
    const created = await test.createPayoutBatch(input);
    expect(created.state).toBe('PENDING');
    expect((await test.createPayoutBatch(input)).providerBatchId).toBe(created.providerBatchId);
    const read = await test.getPayoutBatch(created.providerBatchId);
    expect(read.items.map((i) => [i.senderItemId, i.state])).toEqual([
      ['item-a', 'SUCCESS'],
      ['item-b', 'SUCCESS'],
      ['item-c', 'UNCLAIMED'],
      ['item-d', 'FAILED'],
    ]);
    expect((await test.cancelPayoutItem(read.items[2]!.providerItemId)).state).toBe('RETURNED');
    await expect(test.cancelPayoutItem(read.items[0]!.providerItemId)).rejects.toBeInstanceOf(
      PaymentRejectedError,
    );
  });
});
