/**
 * The real provider: PayPal REST (OAuth 2 client credentials, Orders v2, Payments v2 refunds,
 * webhook signature verification), spoken with fetch.
 *
 * Every call that moves money carries the caller's PayPal-Request-Id, so every call is safe to
 * repeat: PayPal answers a repeated id with the first result. That is what lets this client retry
 * 5xx answers, timeouts and dropped connections: a capture whose answer was lost is asked again
 * with the same id and PayPal hands back the capture it already made, instead of a second one.
 */
import type { Logger } from '../../lib/logger';
import {
  AlreadyCapturedError,
  AlreadyRefundedError,
  assertCreateOrderInput,
  type CaptureResult,
  type CaptureState,
  type CaptureStatus,
  type CreatedPaymentOrder,
  type CreatePaymentOrderInput,
  fromProviderAmount,
  OrderNotApprovedError,
  PaymentDeclinedError,
  PaymentMisconfiguredError,
  PaymentNotFoundError,
  type PaymentOrder,
  type PaymentOrderStatus,
  type PaymentProvider,
  type PaymentProviderError,
  PaymentRejectedError,
  ProviderUnavailableError,
  type RefundInput,
  type RefundResult,
  toProviderAmount,
  truncate,
} from './payments';
import {
  assertPayoutBatchInput,
  type CreatePayoutBatchInput,
  PAYOUT_BATCH_STATES,
  PAYOUT_ITEM_STATES,
  type PayoutBatchResult,
  type PayoutBatchState,
  type PayoutItemResult,
  type PayoutItemState,
  type PayoutProvider,
} from './payouts';

export type PayPalOptions = {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a fake's URL in tests. */
  apiBase: string;
  /** The id PayPal gave the webhook subscription; without it no webhook is trusted. */
  webhookId?: string | undefined;
  /** Shown to the buyer on PayPal's pages. */
  brandName?: string;
  /** Per attempt. A capture that times out is retried with the same request id. */
  timeoutMs?: number;
  /** Attempts per call for transient failures (5xx, 429, timeouts, network errors). */
  maxAttempts?: number;
  /** First backoff delay; doubled each retry, plus jitter. */
  retryBaseDelayMs?: number;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injected so tests can age the cached token. */
  now?: () => number;
  logger?: Pick<Logger, 'warn' | 'info'>;
};

type PayPalErrorBody = {
  name?: unknown;
  message?: unknown;
  debug_id?: unknown;
  details?: { issue?: unknown; description?: unknown }[];
  links?: { href?: unknown; rel?: unknown }[];
  error?: unknown;
  error_description?: unknown;
};

type PayPalMoney = { currency_code?: unknown; value?: unknown };
type PayPalCapture = { id?: unknown; status?: unknown; amount?: PayPalMoney };
type PayPalOrder = {
  id?: unknown;
  status?: unknown;
  links?: { href?: unknown; rel?: unknown }[];
  purchase_units?: {
    reference_id?: unknown;
    amount?: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }[];
};

type PayPalPayoutItem = {
  payout_item_id?: unknown;
  transaction_id?: unknown;
  transaction_status?: unknown;
  payout_item?: { sender_item_id?: unknown };
  errors?: { name?: unknown; message?: unknown };
};
type PayPalPayoutBatch = {
  batch_header?: { payout_batch_id?: unknown; batch_status?: unknown };
  items?: PayPalPayoutItem[];
  total_pages?: unknown;
};

/** Items per page when reading a batch back (PayPal allows up to 1000). */
const PAYOUT_PAGE_SIZE = 1000;

type CallOptions = {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  requestId?: string;
  /** Full resource in the answer instead of the minimal id/status/links. */
  representation?: boolean;
};

const DECLINE_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_CANNOT_PAY',
  'TRANSACTION_REFUSED',
  'PAYER_ACCOUNT_RESTRICTED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'TRANSACTION_LIMIT_EXCEEDED',
  'CARD_EXPIRED',
  'COMPLIANCE_VIOLATION',
]);
const NOT_APPROVED_ISSUES = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);
// invoice_id is our reference, so DUPLICATE_INVOICE_ID on a capture means another PayPal order
// for the same booking was paid already: the booking is paid, this order must not be.
const ALREADY_CAPTURED_ISSUES = new Set(['ORDER_ALREADY_CAPTURED', 'DUPLICATE_INVOICE_ID']);
const ALREADY_REFUNDED_ISSUES = new Set(['CAPTURE_FULLY_REFUNDED']);
const ORDER_STATUSES = new Set<PaymentOrderStatus>([
  'CREATED',
  'SAVED',
  'APPROVED',
  'VOIDED',
  'COMPLETED',
  'PAYER_ACTION_REQUIRED',
]);
const CAPTURE_STATES = new Set<CaptureState>([
  'COMPLETED',
  'PENDING',
  'DECLINED',
  'FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
]);

/** PayPal's webhook delivery headers, in the order of the verify call's fields. */
const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export class PayPalPaymentProvider implements PaymentProvider, PayoutProvider {
  readonly name = 'paypal' as const;
  readonly clientId: string;
  readonly #secret: string;
  readonly #base: string;
  readonly #webhookId?: string;
  readonly #brandName: string;
  readonly #timeoutMs: number;
  readonly #maxAttempts: number;
  readonly #baseDelayMs: number;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #logger?: Pick<Logger, 'warn' | 'info'>;
  #token?: { value: string; refreshAt: number };
  /** The token request in flight, shared so that a burst of calls fetches one token. */
  #tokenRequest?: Promise<string>;

  constructor(options: PayPalOptions) {
    this.clientId = options.clientId;
    this.#secret = options.clientSecret;
    this.#base = options.apiBase.replace(/\/+$/, '');
    this.#webhookId = options.webhookId;
    this.#brandName = options.brandName ?? 'Consign';
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.#baseDelayMs = options.retryBaseDelayMs ?? 250;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#now = options.now ?? Date.now;
    this.#logger = options.logger;
  }

  async createOrder(input: CreatePaymentOrderInput): Promise<CreatedPaymentOrder> {
    assertCreateOrderInput(input);
    const description = truncate(input.description.trim(), 127);
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.reference,
          custom_id: input.reference,
          invoice_id: input.reference,
          ...(description ? { description } : {}),
          amount: {
            currency_code: input.currency,
            value: toProviderAmount(input.amount, input.currency),
            // Items need their total stated beside the amount (PayPal checks that they match).
            ...(input.items
              ? {
                  breakdown: {
                    item_total: {
                      currency_code: input.currency,
                      value: toProviderAmount(input.amount, input.currency),
                    },
                  },
                }
              : {}),
          },
          ...(input.items
            ? {
                items: input.items.map((item) => ({
                  name: truncate(item.name.trim(), 127),
                  quantity: String(item.quantity),
                  unit_amount: {
                    currency_code: input.currency,
                    value: toProviderAmount(item.unitAmount, input.currency),
                  },
                  ...(item.sku ? { sku: truncate(item.sku, 127) } : {}),
                })),
              }
            : {}),
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: this.#brandName,
            // A parcel goes to the addresses on the booking, not to the payer's PayPal address.
            shipping_preference: 'NO_SHIPPING',
            // The buyer pays on PayPal's page; there is no review step after returning.
            user_action: 'PAY_NOW',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
      },
    };
    const order = (await this.#call({
      method: 'POST',
      path: '/v2/checkout/orders',
      body: JSON.stringify(body),
      requestId: input.requestId,
      representation: true,
    })) as PayPalOrder;
    const id = requireString(order.id, 'order id');
    // With payment_source.paypal PayPal names the buyer's link "payer-action"; without, "approve".
    const link =
      order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
    return { providerOrderId: id, ...(typeof link?.href === 'string' ? { approveUrl: link.href } : {}) };
  }

  async getOrder(providerOrderId: string): Promise<PaymentOrder> {
    const order = (await this.#call({
      method: 'GET',
      path: `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`,
    })) as PayPalOrder;
    return parseOrder(order);
  }

  async capture(providerOrderId: string, requestId: string): Promise<CaptureResult> {
    if (!requestId.trim()) throw new RangeError('requestId is required');
    const order = (await this.#call({
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`,
      body: '{}',
      requestId,
      representation: true,
    })) as PayPalOrder;
    const capture = pickCapture(order.purchase_units?.[0]?.payments?.captures);
    if (!capture) {
      // A minimal answer (Prefer not honoured) has no capture in it; the order has.
      const current = await this.getOrder(providerOrderId);
      if (!current.captureId) throw new PaymentRejectedError('PayPal answered the capture without a capture');
      return {
        captureId: current.captureId,
        status: captureOutcome(current.captureState),
        amount: current.amount,
        currency: current.currency,
      };
    }
    const money = parseMoney(capture.amount, 'capture amount');
    return {
      captureId: requireString(capture.id, 'capture id'),
      status: captureOutcome(capture.status),
      ...money,
    };
  }

  async refund(captureId: string, input: RefundInput): Promise<RefundResult> {
    if (!input.requestId.trim()) throw new RangeError('requestId is required');
    if (input.amount !== undefined && !(Number.isSafeInteger(input.amount) && input.amount > 0)) {
      throw new RangeError(`refund amount must be a positive integer of minor units, got ${input.amount}`);
    }
    // No amount refunds whatever is left of the capture, which is what a cancellation needs.
    const body =
      input.amount === undefined
        ? {}
        : {
            amount: { currency_code: input.currency, value: toProviderAmount(input.amount, input.currency) },
          };
    const refund = (await this.#call({
      method: 'POST',
      path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      body: JSON.stringify(body),
      requestId: input.requestId,
      representation: true,
    })) as { id?: unknown; status?: unknown };
    return {
      refundId: requireString(refund.id, 'refund id'),
      status: typeof refund.status === 'string' ? refund.status : 'PENDING',
    };
  }

  async verifyWebhook(headers: Record<string, string | undefined>, rawBody: string): Promise<boolean> {
    if (!this.#webhookId) {
      this.#logger?.warn('PayPal webhook received but PAYPAL_WEBHOOK_ID is not set; ignoring it');
      return false;
    }
    const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const fields: Record<string, string> = {};
    for (const [field, header] of Object.entries(WEBHOOK_HEADERS)) {
      const value = lower.get(header);
      if (!value) return false;
      fields[field] = value;
    }
    try {
      const event = JSON.parse(rawBody) as unknown;
      if (!event || typeof event !== 'object' || Array.isArray(event)) return false;
    } catch {
      return false;
    }
    // The event goes back byte for byte as it arrived: PayPal checks the signature over the
    // body it sent, and a re-serialised copy (key order, number formatting) may not match.
    const prefix = JSON.stringify({ ...fields, webhook_id: this.#webhookId });
    const body = `${prefix.slice(0, -1)},"webhook_event":${rawBody}}`;
    try {
      const answer = (await this.#call({
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        body,
      })) as { verification_status?: unknown };
      return answer.verification_status === 'SUCCESS';
    } catch (error) {
      // A malformed header (say, a forged transmission id) is a failed verification, not an outage.
      if (error instanceof PaymentRejectedError || error instanceof PaymentNotFoundError) return false;
      throw error;
    }
  }

  // Payouts (PayPal Payouts v1) --------------------------------------------------------------

  /**
   * Sends a batch. The sender_batch_id is also the PayPal-Request-Id, so a repeat after a lost
   * answer gets the first answer back; and when PayPal instead refuses it as a sender_batch_id used
   * before, its error links to the batch made then, which is answered as if just made.
   */
  async createPayoutBatch(input: CreatePayoutBatchInput): Promise<PayoutBatchResult> {
    assertPayoutBatchInput(input);
    const body = {
      sender_batch_header: {
        sender_batch_id: input.senderBatchId,
        recipient_type: 'EMAIL',
        email_subject: truncate(input.emailSubject, 255),
        email_message: truncate(input.emailMessage, 1000),
      },
      items: input.items.map((item) => ({
        recipient_type: 'EMAIL',
        amount: { value: toProviderAmount(item.amount, item.currency), currency: item.currency },
        receiver: item.receiver,
        sender_item_id: item.senderItemId,
        note: truncate(item.note, 1000),
        recipient_wallet: 'PAYPAL',
      })),
    };
    let answer: PayPalPayoutBatch;
    try {
      answer = (await this.#call({
        method: 'POST',
        path: '/v1/payments/payouts',
        body: JSON.stringify(body),
        requestId: input.senderBatchId,
      })) as PayPalPayoutBatch;
    } catch (error) {
      const original = error instanceof PaymentRejectedError ? batchIdFromLinks(error.links) : undefined;
      if (!original) throw error;
      this.#logger?.warn({ senderBatchId: input.senderBatchId }, 'PayPal knows this payout batch already');
      return this.getPayoutBatch(original);
    }
    return parseBatch(answer);
  }

  async getPayoutBatch(providerBatchId: string): Promise<PayoutBatchResult> {
    const path = `/v1/payments/payouts/${encodeURIComponent(providerBatchId)}`;
    const page = async (n: number) =>
      (await this.#call({
        method: 'GET',
        path: `${path}?page=${n}&page_size=${PAYOUT_PAGE_SIZE}&total_required=true`,
      })) as PayPalPayoutBatch;
    const first = await page(1);
    const batch = parseBatch(first);
    const pages = typeof first.total_pages === 'number' ? first.total_pages : 1;
    for (let n = 2; n <= pages; n++) batch.items.push(...parseBatch(await page(n)).items);
    return batch;
  }

  async cancelPayoutItem(providerItemId: string): Promise<PayoutItemResult> {
    const item = (await this.#call({
      method: 'POST',
      path: `/v1/payments/payouts-item/${encodeURIComponent(providerItemId)}/cancel`,
    })) as PayPalPayoutItem;
    return parsePayoutItem(item);
  }

  // -------------------------------------------------------------------------------------------

  /**
   * One logical call: fetches a token, retries transient failures with backoff, renews the
   * token once if PayPal says it is no longer valid, and turns PayPal errors into typed errors.
   * Safe to retry because GETs are reads and every POST here is keyed by PayPal-Request-Id
   * (or, for verify-webhook-signature, is a pure check).
   */
  async #call(options: CallOptions): Promise<unknown> {
    let attempt = 0;
    let renewedToken = false;
    let lastFailure = 'no attempt made';
    for (;;) {
      attempt++;
      const token = await this.#accessToken();
      let response: Response;
      try {
        response = await this.#fetch(`${this.#base}${options.path}`, {
          method: options.method,
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'application/json',
            ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
            ...(options.representation ? { Prefer: 'return=representation' } : {}),
          },
          body: options.body,
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
      } catch (error) {
        lastFailure = describeNetworkError(error);
        if (attempt < this.#maxAttempts) {
          await this.#backoff(attempt, options, lastFailure);
          continue;
        }
        throw new ProviderUnavailableError(`PayPal unreachable: ${lastFailure}`, { cause: error });
      }

      const body = await readJson(response);
      if (response.ok) return body ?? {};

      const error = body as PayPalErrorBody | undefined;
      const issue = firstIssue(error);
      if (response.status === 401 && !renewedToken) {
        // Tokens can be revoked before their expiry; renew once, then trust the answer.
        renewedToken = true;
        attempt--;
        this.#invalidateToken(token);
        continue;
      }
      if (isTransient(response.status, issue)) {
        lastFailure = `HTTP ${response.status}${issue ? ` ${issue}` : ''}`;
        if (attempt < this.#maxAttempts) {
          await this.#backoff(attempt, options, lastFailure, response.headers.get('retry-after'));
          continue;
        }
        throw new ProviderUnavailableError(`PayPal kept failing: ${lastFailure}`, {
          httpStatus: response.status,
          issue,
          debugId: stringOrUndefined(error?.debug_id),
        });
      }
      throw toTypedError(response.status, error);
    }
  }

  async #backoff(attempt: number, options: CallOptions, reason: string, retryAfter?: string | null) {
    const exponential = this.#baseDelayMs * 2 ** (attempt - 1);
    const jitter = Math.random() * this.#baseDelayMs;
    const hinted = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
    // A Retry-After is honoured but capped: a caller is waiting on this request.
    const delay = Math.min(Math.max(exponential + jitter, hinted), 5_000);
    this.#logger?.warn(
      { method: options.method, path: options.path, attempt, reason, delayMs: Math.round(delay) },
      'PayPal call failed; retrying with the same PayPal-Request-Id',
    );
    await new Promise((resolve) => setTimeout(resolve, delay));
  }

  /** A cached token until shortly before it expires; concurrent callers share one request. */
  #accessToken(): Promise<string> {
    if (this.#token && this.#now() < this.#token.refreshAt) return Promise.resolve(this.#token.value);
    if (!this.#tokenRequest) {
      this.#tokenRequest = this.#fetchToken().finally(() => {
        this.#tokenRequest = undefined;
      });
    }
    return this.#tokenRequest;
  }

  /** Drops the token PayPal refused, unless a concurrent call already replaced it. */
  #invalidateToken(refused: string) {
    if (this.#token?.value === refused) this.#token = undefined;
  }

  async #fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.clientId}:${this.#secret}`).toString('base64');
    let lastFailure = '';
    for (let attempt = 1; attempt <= this.#maxAttempts; attempt++) {
      let response: Response;
      try {
        response = await this.#fetch(`${this.#base}/v1/oauth2/token`, {
          method: 'POST',
          headers: {
            Authorization: `Basic ${basic}`,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
      } catch (error) {
        lastFailure = describeNetworkError(error);
        if (attempt < this.#maxAttempts) {
          await this.#backoff(attempt, { method: 'POST', path: '/v1/oauth2/token' }, lastFailure);
          continue;
        }
        throw new ProviderUnavailableError(`PayPal unreachable: ${lastFailure}`, { cause: error });
      }
      const body = (await readJson(response)) as
        | { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown }
        | undefined;
      if (response.ok && typeof body?.access_token === 'string' && typeof body.expires_in === 'number') {
        const lifetime = body.expires_in;
        // Renew a little early (up to 5 minutes, a tenth of the lifetime for short ones) so a
        // token never expires between being read here and reaching PayPal.
        const margin = Math.min(300, lifetime / 10);
        this.#token = { value: body.access_token, refreshAt: this.#now() + (lifetime - margin) * 1000 };
        return body.access_token;
      }
      if (response.status === 401 || response.status === 403 || response.status === 400) {
        // Never include the credentials themselves in the message: it ends up in logs.
        throw new PaymentMisconfiguredError(
          `PayPal refused the client credentials (${stringOrUndefined(body?.error) ?? `HTTP ${response.status}`})`,
          { httpStatus: response.status },
        );
      }
      lastFailure = response.ok ? 'token response without access_token' : `HTTP ${response.status}`;
      if (response.status >= 500 && attempt < this.#maxAttempts) {
        await this.#backoff(attempt, { method: 'POST', path: '/v1/oauth2/token' }, lastFailure);
        continue;
      }
      break;
    }
    throw new ProviderUnavailableError(`PayPal token request failed: ${lastFailure}`);
  }
}

// ---------------------------------------------------------------------------------------------

function isTransient(status: number, issue: string | undefined): boolean {
  // 409 PREVIOUS_REQUEST_IN_PROGRESS: the same PayPal-Request-Id is still being processed;
  // asking again shortly returns its result.
  return status >= 500 || status === 429 || (status === 409 && issue === 'PREVIOUS_REQUEST_IN_PROGRESS');
}

function toTypedError(status: number, body: PayPalErrorBody | undefined): PaymentProviderError {
  const issue = firstIssue(body);
  const debugId = stringOrUndefined(body?.debug_id);
  const description = stringOrUndefined(body?.details?.[0]?.description) ?? stringOrUndefined(body?.message);
  const links = body?.links?.flatMap((l) =>
    typeof l?.href === 'string' && typeof l.rel === 'string' ? [{ href: l.href, rel: l.rel }] : [],
  );
  const details = { issue, debugId, httpStatus: status, ...(links?.length ? { links } : {}) };
  const message = `PayPal ${status} ${issue ?? stringOrUndefined(body?.name) ?? ''}${description ? `: ${description}` : ''}`;
  if (issue && DECLINE_ISSUES.has(issue)) return new PaymentDeclinedError(message, details);
  if (issue && NOT_APPROVED_ISSUES.has(issue)) return new OrderNotApprovedError(message, details);
  if (issue && ALREADY_CAPTURED_ISSUES.has(issue)) return new AlreadyCapturedError(message, details);
  if (issue && ALREADY_REFUNDED_ISSUES.has(issue)) return new AlreadyRefundedError(message, details);
  if (status === 404) return new PaymentNotFoundError(message, details);
  if (status === 401 || status === 403) return new PaymentMisconfiguredError(message, details);
  return new PaymentRejectedError(message, details);
}

function firstIssue(body: PayPalErrorBody | undefined): string | undefined {
  return stringOrUndefined(body?.details?.find((d) => typeof d?.issue === 'string')?.issue);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'timed out';
  }
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof cause === 'string' ? cause : error instanceof Error ? error.message : String(error);
}

function requireString(value: unknown, what: string): string {
  if (typeof value === 'string' && value) return value;
  throw new PaymentRejectedError(`PayPal answered without a ${what}`);
}

function parseMoney(money: PayPalMoney | undefined, what: string): { amount: number; currency: string } {
  const currency = money?.currency_code;
  const value = money?.value;
  if (typeof currency !== 'string' || typeof value !== 'string') {
    throw new PaymentRejectedError(`PayPal answered without a ${what}`);
  }
  try {
    return { amount: fromProviderAmount(value, currency), currency };
  } catch (error) {
    throw new PaymentRejectedError(`PayPal answered an unusable ${what} (${value} ${currency})`, {
      cause: error,
    });
  }
}

/** The capture that matters: a completed one if there is one, else the latest. */
function pickCapture(captures: PayPalCapture[] | undefined): PayPalCapture | undefined {
  if (!captures?.length) return undefined;
  return captures.find((c) => c.status === 'COMPLETED') ?? captures[captures.length - 1];
}

function captureOutcome(status: unknown): CaptureStatus {
  switch (status) {
    case 'COMPLETED':
    // A replayed capture can describe money that was refunded since: it was still captured.
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return 'COMPLETED';
    case 'PENDING':
      return 'PENDING';
    default:
      return 'DECLINED';
  }
}

function parseOrder(order: PayPalOrder): PaymentOrder {
  const status = order.status as PaymentOrderStatus;
  if (!ORDER_STATUSES.has(status)) throw new PaymentRejectedError(`PayPal answered an unknown order status`);
  const unit = order.purchase_units?.[0];
  const money = parseMoney(unit?.amount, 'order amount');
  const capture = pickCapture(unit?.payments?.captures);
  const captureState =
    capture && CAPTURE_STATES.has(capture.status as CaptureState) ? capture.status : undefined;
  return {
    providerOrderId: requireString(order.id, 'order id'),
    status,
    ...money,
    ...(typeof unit?.reference_id === 'string' ? { reference: unit.reference_id } : {}),
    ...(typeof capture?.id === 'string' ? { captureId: capture.id } : {}),
    ...(captureState ? { captureState: captureState as CaptureState } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Payouts

function parseBatch(batch: PayPalPayoutBatch): PayoutBatchResult {
  const header = batch.batch_header;
  const state = header?.batch_status;
  if (typeof state !== 'string' || !PAYOUT_BATCH_STATES.has(state)) {
    throw new PaymentRejectedError('PayPal answered a payout batch without a known status');
  }
  return {
    providerBatchId: requireString(header?.payout_batch_id, 'payout batch id'),
    state: state as PayoutBatchState,
    items: (batch.items ?? []).map(parsePayoutItem),
  };
}

function parsePayoutItem(item: PayPalPayoutItem): PayoutItemResult {
  const state = item.transaction_status;
  const error = item.errors;
  return {
    providerItemId: requireString(item.payout_item_id, 'payout item id'),
    senderItemId: stringOrUndefined(item.payout_item?.sender_item_id) ?? null,
    state: typeof state === 'string' && PAYOUT_ITEM_STATES.has(state) ? (state as PayoutItemState) : null,
    transactionId: stringOrUndefined(item.transaction_id) ?? null,
    error: stringOrUndefined(error?.message) ?? stringOrUndefined(error?.name) ?? null,
  };
}

/** The payout_batch_id of the batch a duplicate sender_batch_id error links to. */
function batchIdFromLinks(links: { href: string; rel: string }[] | undefined): string | undefined {
  for (const link of links ?? []) {
    const match = link.href.match(/\/v1\/payments\/payouts\/([^/?#]+)/);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}
