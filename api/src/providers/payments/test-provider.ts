/**
 * The built-in TEST MODE payment provider: the default whenever PayPal is not configured, so a
 * fresh checkout can book and "pay" with no account anywhere. No money moves.
 *
 * It behaves like PayPal where callers can tell the difference:
 * - createOrder answers an approve URL; the buyer's step is our own page at
 *   `${publicUrl}/api/v1/test-payments/{id}/approve` (renderApprovalPage; the orders feature
 *   mounts the route), whose Approve button POSTs to that same URL and calls approve(id).
 * - capture before approval is OrderNotApprovedError; capturing again with the same request id
 *   returns the first capture; with another request id it is AlreadyCapturedError.
 * - createOrder and refund are idempotent on their request id as well.
 * - Decline on purpose: an order whose description contains "[decline]" (any case) is approved
 *   normally and then declined at capture with PaymentDeclinedError (issue INSTRUMENT_DECLINED),
 *   which is how tests and demos exercise the payment-failure path.
 * - There are no webhooks, so verifyWebhook is always false.
 *
 * State: a list of orders kept by a TestPaymentStore. The default store is one JSON file,
 * `${dataDir}/test-payments/orders.json`, read at the start of each operation and replaced
 * atomically (write + rename) at the end, so orders survive a restart. Operations are
 * serialised within the process; two processes sharing the file may lose each other's
 * writes, which is acceptable for a test mode (production uses PayPal). Tests inject the
 * in-memory store.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Mutex } from '../../db/mutex';
import {
  AlreadyCapturedError,
  AlreadyRefundedError,
  assertCreateOrderInput,
  type CaptureResult,
  type CreatedPaymentOrder,
  type CreatePaymentOrderInput,
  isWebUrl,
  OrderNotApprovedError,
  type PaymentCurrency,
  PaymentDeclinedError,
  PaymentNotFoundError,
  type PaymentOrder,
  type PaymentProvider,
  PaymentRejectedError,
  ProviderUnavailableError,
  type RefundInput,
  type RefundResult,
  toProviderAmount,
} from './payments';

export const TEST_DECLINE_MARKER = '[decline]';
export const TEST_PAYMENTS_PATH = '/api/v1/test-payments';

export type TestPaymentRecord = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: number;
  currency: PaymentCurrency;
  reference: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  createRequestId: string;
  createdAt: string;
  approvedAt?: string;
  capture?: { id: string; requestId: string; amount: number; createdAt: string };
  refunds: { id: string; requestId: string; amount: number; createdAt: string }[];
};

export interface TestPaymentStore {
  /** Where the state lives, for the start-up log. */
  readonly location: string;
  load(): Promise<TestPaymentRecord[]>;
  save(records: readonly TestPaymentRecord[]): Promise<void>;
}

/** Orders held in this process only; for tests. */
export function createMemoryTestPaymentStore(): TestPaymentStore {
  let records: TestPaymentRecord[] = [];
  return {
    location: 'memory',
    load: async () => structuredClone(records),
    save: async (next) => {
      records = structuredClone([...next]);
    },
  };
}

type StoreFile = { version: 1; orders: TestPaymentRecord[] };

/** Orders in `${dir}/orders.json`, replaced atomically so a crash never leaves half a file. */
export function createFileTestPaymentStore(dir: string): TestPaymentStore {
  const file = join(dir, 'orders.json');
  return {
    location: file,
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new ProviderUnavailableError(`Cannot read the test payments file ${file}`, { cause: error });
      }
      try {
        const parsed = JSON.parse(text) as StoreFile;
        if (parsed.version !== 1 || !Array.isArray(parsed.orders)) throw new Error('unexpected shape');
        return parsed.orders;
      } catch (error) {
        // Refuse rather than start empty: an empty store would forget payments already taken.
        throw new ProviderUnavailableError(`The test payments file ${file} is corrupt; move it aside`, {
          cause: error,
        });
      }
    },
    async save(records) {
      await mkdir(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      const body: StoreFile = { version: 1, orders: [...records] };
      await writeFile(temp, `${JSON.stringify(body, null, 2)}\n`);
      await rename(temp, file);
    },
  };
}

export type TestPaymentProviderOptions = {
  /** The public origin (config.publicUrl) the approve URL is built on. */
  publicUrl: string;
  store: TestPaymentStore;
  now?: () => Date;
};

/** What the approval page shows; also what renderApprovalPage takes. */
export type ApprovalPageInput = {
  id: string;
  amount: number;
  currency: PaymentCurrency;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  status?: TestPaymentRecord['status'];
};

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly #publicUrl: string;
  readonly #store: TestPaymentStore;
  readonly #now: () => Date;
  readonly #mutex = new Mutex();

  constructor(options: TestPaymentProviderOptions) {
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.#store = options.store;
    this.#now = options.now ?? (() => new Date());
  }

  get storeLocation(): string {
    return this.#store.location;
  }

  approveUrlFor(id: string): string {
    return `${this.#publicUrl}${TEST_PAYMENTS_PATH}/${encodeURIComponent(id)}/approve`;
  }

  async createOrder(input: CreatePaymentOrderInput): Promise<CreatedPaymentOrder> {
    assertCreateOrderInput(input);
    return this.#transaction(async (records) => {
      // PayPal answers a repeated PayPal-Request-Id with the order it made the first time.
      const existing = records.find((r) => r.createRequestId === input.requestId);
      if (existing) return { result: this.#created(existing) };
      const record: TestPaymentRecord = {
        id: newId('TEST'),
        status: 'CREATED',
        amount: input.amount,
        currency: input.currency,
        reference: input.reference,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        createRequestId: input.requestId,
        createdAt: this.#now().toISOString(),
        refunds: [],
      };
      records.push(record);
      return { result: this.#created(record), changed: true };
    });
  }

  async getOrder(providerOrderId: string): Promise<PaymentOrder> {
    const record = await this.#read(providerOrderId);
    const refunded = record.refunds.reduce((sum, r) => sum + r.amount, 0);
    return {
      providerOrderId: record.id,
      status: record.status,
      amount: record.amount,
      currency: record.currency,
      reference: record.reference,
      ...(record.capture
        ? {
            captureId: record.capture.id,
            captureState:
              refunded === 0
                ? 'COMPLETED'
                : refunded >= record.capture.amount
                  ? 'REFUNDED'
                  : 'PARTIALLY_REFUNDED',
          }
        : {}),
    };
  }

  /** What the approval page needs to show; PaymentNotFoundError for an unknown id. */
  async approvalDetails(providerOrderId: string): Promise<ApprovalPageInput> {
    const record = await this.#read(providerOrderId);
    return {
      id: record.id,
      amount: record.amount,
      currency: record.currency,
      description: record.description,
      returnUrl: record.returnUrl,
      cancelUrl: record.cancelUrl,
      status: record.status,
    };
  }

  /**
   * The buyer's approval. Idempotent: approving twice (a double-clicked button) is harmless.
   * Answers where to send the browser next: the return URL with `token=<id>`, as PayPal does.
   */
  async approve(providerOrderId: string): Promise<{ redirectUrl: string }> {
    return this.#transaction(async (records) => {
      const record = find(records, providerOrderId);
      const redirectUrl = withQuery(record.returnUrl, { token: record.id });
      if (record.status !== 'CREATED') return { result: { redirectUrl } };
      record.status = 'APPROVED';
      record.approvedAt = this.#now().toISOString();
      return { result: { redirectUrl }, changed: true };
    });
  }

  async capture(providerOrderId: string, requestId: string): Promise<CaptureResult> {
    if (!requestId.trim()) throw new RangeError('requestId is required');
    return this.#transaction(async (records) => {
      const record = find(records, providerOrderId);
      if (record.capture) {
        if (record.capture.requestId === requestId) return { result: captureResult(record) };
        throw new AlreadyCapturedError(`Test payment ${record.id} was captured already`, {
          issue: 'ORDER_ALREADY_CAPTURED',
        });
      }
      if (record.status !== 'APPROVED') {
        throw new OrderNotApprovedError(`Test payment ${record.id} has not been approved`, {
          issue: 'ORDER_NOT_APPROVED',
        });
      }
      if (record.description.toLowerCase().includes(TEST_DECLINE_MARKER)) {
        throw new PaymentDeclinedError(`Test payment ${record.id} declined (${TEST_DECLINE_MARKER} marker)`, {
          issue: 'INSTRUMENT_DECLINED',
        });
      }
      record.capture = {
        id: newId('TESTCAP'),
        requestId,
        amount: record.amount,
        createdAt: this.#now().toISOString(),
      };
      record.status = 'COMPLETED';
      return { result: captureResult(record), changed: true };
    });
  }

  async refund(captureId: string, input: RefundInput): Promise<RefundResult> {
    if (!input.requestId.trim()) throw new RangeError('requestId is required');
    if (input.amount !== undefined && !(Number.isSafeInteger(input.amount) && input.amount > 0)) {
      throw new RangeError(`refund amount must be a positive integer of minor units, got ${input.amount}`);
    }
    return this.#transaction(async (records) => {
      const record = records.find((r) => r.capture?.id === captureId);
      if (!record?.capture) throw new PaymentNotFoundError(`No test capture ${captureId}`);
      const replay = record.refunds.find((r) => r.requestId === input.requestId);
      if (replay) return { result: { refundId: replay.id, status: 'COMPLETED' } };
      if (input.currency !== record.currency) {
        throw new PaymentRejectedError(`Refund currency ${input.currency} differs from ${record.currency}`, {
          issue: 'REFUND_CAPTURE_CURRENCY_MISMATCH',
        });
      }
      const remaining = record.capture.amount - record.refunds.reduce((sum, r) => sum + r.amount, 0);
      if (remaining <= 0) {
        throw new AlreadyRefundedError(`Test capture ${captureId} is refunded in full`, {
          issue: 'CAPTURE_FULLY_REFUNDED',
        });
      }
      const amount = input.amount ?? remaining;
      if (amount > remaining) {
        throw new PaymentRejectedError(`Refund of ${amount} exceeds the ${remaining} left on ${captureId}`, {
          issue: 'REFUND_AMOUNT_EXCEEDED',
        });
      }
      const refund = {
        id: newId('TESTREF'),
        requestId: input.requestId,
        amount,
        createdAt: this.#now().toISOString(),
      };
      record.refunds.push(refund);
      return { result: { refundId: refund.id, status: 'COMPLETED' }, changed: true };
    });
  }

  async verifyWebhook(_headers: Record<string, string | undefined>, _rawBody: string): Promise<boolean> {
    return false;
  }

  #created(record: TestPaymentRecord): CreatedPaymentOrder {
    return { providerOrderId: record.id, approveUrl: this.approveUrlFor(record.id) };
  }

  async #read(id: string): Promise<TestPaymentRecord> {
    return this.#transaction(async (records) => ({ result: find(records, id) }));
  }

  /**
   * Load, change, save, one operation at a time: the mutex is what makes 50 simultaneous
   * captures of one order produce one capture.
   */
  #transaction<T>(
    work: (records: TestPaymentRecord[]) => Promise<{ result: T; changed?: boolean }>,
  ): Promise<T> {
    return this.#mutex.run(async () => {
      const records = await this.#store.load();
      const { result, changed } = await work(records);
      if (changed) await this.#store.save(records);
      return result;
    });
  }
}

function find(records: TestPaymentRecord[], id: string): TestPaymentRecord {
  const record = records.find((r) => r.id === id);
  if (!record) throw new PaymentNotFoundError(`No test payment ${id}`, { issue: 'INVALID_RESOURCE_ID' });
  return record;
}

function captureResult(record: TestPaymentRecord): CaptureResult {
  if (!record.capture) throw new Error('captureResult on an order without a capture');
  return {
    captureId: record.capture.id,
    status: 'COMPLETED',
    amount: record.capture.amount,
    currency: record.currency,
  };
}

/** Upper-case letters and digits, like PayPal's ids, and safe in a URL path. */
function newId(prefix: string): string {
  return `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;
}

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

// ---------------------------------------------------------------------------------------------
// The approval page

const SYMBOLS: Record<PaymentCurrency, string> = { GBP: '£', EUR: '€', USD: '$' };

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The test provider's stand-in for PayPal's approval page. The route that serves it (GET) also
 * receives its form (POST, same URL: the form has no action attribute, so it posts back to
 * the address it was loaded from) and then redirects to approve()'s redirectUrl.
 * Self-contained: styles inline, no scripts, nothing loaded from elsewhere.
 */
export function renderApprovalPage(input: ApprovalPageInput): string {
  const price = `${SYMBOLS[input.currency] ?? ''}${toProviderAmount(input.amount, input.currency)}`;
  const amount = escapeHtml(`${price} ${input.currency}`);
  const description = escapeHtml(input.description || 'Consign booking');
  const cancelUrl = escapeHtml(isWebUrl(input.cancelUrl) ? input.cancelUrl : '/');
  const returnUrl = escapeHtml(
    isWebUrl(input.returnUrl) ? withQuery(input.returnUrl, { token: input.id }) : '/',
  );
  const willDecline = input.description.toLowerCase().includes(TEST_DECLINE_MARKER);
  const settled = input.status === 'APPROVED' || input.status === 'COMPLETED';

  const action = settled
    ? `<p class="notice" role="status">This test payment has been approved already.</p>
      <p><a class="button" href="${returnUrl}">Continue to Consign</a></p>`
    : `<form method="post">
        <button type="submit" class="button">Approve test payment of ${escapeHtml(price)}</button>
      </form>
      <p><a href="${cancelUrl}">Cancel and return to Consign</a></p>`;

  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE payment approval – Consign</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #1b1f24; line-height: 1.5; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
         box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  .banner { margin: 0 0 1rem; padding: .75rem 1rem; background: #fff4ce; border: 2px solid #8a6100;
            border-radius: 8px; color: #4d3600; font-weight: 700; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; margin: 0 0 1.5rem; }
  dt { font-weight: 600; color: #3d4651; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .button { display: inline-block; width: 100%; box-sizing: border-box; padding: .85rem 1rem; border: 0;
            border-radius: 8px; background: #0b57d0; color: #fff; font: inherit; font-weight: 600;
            text-align: center; text-decoration: none; cursor: pointer; }
  .button:hover { background: #0842a0; }
  .button:focus-visible, a:focus-visible { outline: 3px solid #1b1f24; outline-offset: 2px; }
  a { color: #0b57d0; }
  .notice { padding: .75rem 1rem; background: #e7f1ff; border-radius: 8px; }
  .warning { padding: .75rem 1rem; background: #fde7e9; border-radius: 8px; color: #7a1020; }
  form { margin: 0 0 1rem; }
</style>
</head>
<body>
<main aria-labelledby="title">
  <p class="banner" role="note">TEST MODE — no real money moves</p>
  <h1 id="title">Approve your payment</h1>
  <p>This page stands in for the payment provider while Consign runs without one.
     Approving takes you back to Consign, which then completes the booking.</p>
  <dl>
    <dt>Amount</dt><dd>${amount}</dd>
    <dt>For</dt><dd>${description}</dd>
    <dt>Payment ID</dt><dd>${escapeHtml(input.id)}</dd>
  </dl>
  ${willDecline ? `<p class="warning" role="note">This payment is marked ${escapeHtml(TEST_DECLINE_MARKER)}: it will be declined when Consign captures it.</p>` : ''}
  ${action}
</main>
</body>
</html>
`;
}
