/**
 * Picks the payment provider once at start-up (docs/architecture.md §7): PayPal when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set, the built-in TEST MODE provider otherwise.
 */
import { join } from 'node:path';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import type { PaymentProvider } from './payments';
import type { PayoutProvider } from './payouts';
import { type PayPalOptions, PayPalPaymentProvider } from './paypal';
import { createFileTestPayoutStore, TestPayoutProvider, type TestPayoutStore } from './test-payouts';
import { createFileTestPaymentStore, TestPaymentProvider, type TestPaymentStore } from './test-provider';

export type PaymentProviderOverrides = {
  logger?: Logger;
  /** Test provider state; defaults to `${dataDir}/test-payments/orders.json`. */
  testStore?: TestPaymentStore;
  /** Tuning for the PayPal client (timeouts, retries, fetch) — mainly for tests. */
  paypal?: Partial<Omit<PayPalOptions, 'clientId' | 'clientSecret' | 'apiBase' | 'webhookId'>>;
  now?: () => Date;
};

export function createPaymentProvider(
  config: Pick<Config, 'paypal' | 'publicUrl' | 'dataDir'>,
  overrides: PaymentProviderOverrides = {},
): PaymentProvider {
  if (config.paypal) {
    return new PayPalPaymentProvider({
      clientId: config.paypal.clientId,
      clientSecret: config.paypal.clientSecret,
      apiBase: config.paypal.apiBase,
      webhookId: config.paypal.webhookId,
      logger: overrides.logger,
      ...overrides.paypal,
    });
  }
  return new TestPaymentProvider({
    publicUrl: config.publicUrl,
    store: overrides.testStore ?? createFileTestPaymentStore(join(config.dataDir, 'test-payments')),
    now: overrides.now,
  });
}

/**
 * Payouts go where payments come from: PayPal Payouts on the same PayPal client (one token cache)
 * when PayPal is configured, TEST MODE payouts otherwise, so production can never pay out in
 * TEST MODE without ALLOW_TEST_PAYMENTS=1, which it logs as unsafe.
 */
export function createPayoutProvider(
  config: Pick<Config, 'dataDir'>,
  payments: PaymentProvider,
  overrides: { testStore?: TestPayoutStore } = {},
): PayoutProvider {
  if (payments instanceof PayPalPaymentProvider) return payments;
  return new TestPayoutProvider(
    overrides.testStore ?? createFileTestPayoutStore(join(config.dataDir, 'test-payments')),
  );
}

/** The approval page and approve() exist only in test mode; routes check with this. */
export function isTestPaymentProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider instanceof TestPaymentProvider;
}

export * from './payments';
export * from './payouts';
export { type PayPalOptions, PayPalPaymentProvider } from './paypal';
export { createMemoryTestPayoutStore, TestPayoutProvider } from './test-payouts';
export {
  type ApprovalPageInput,
  createFileTestPaymentStore,
  createMemoryTestPaymentStore,
  renderApprovalPage,
  TEST_DECLINE_MARKER,
  TEST_PAYMENTS_PATH,
  TestPaymentProvider,
  type TestPaymentRecord,
  type TestPaymentStore,
} from './test-provider';
