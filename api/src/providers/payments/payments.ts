/**
 * The payment provider seam (docs/architecture.md §7): PayPal Orders v2 when configured, the built-in TEST MODE
 * provider otherwise. The order and job services speak only this interface, so neither knows
 * which one is in use, and both see the same typed errors.
 *
 * Idempotency is the caller's to steer: every call that moves money takes a `requestId`, which
 * the provider passes to PayPal as PayPal-Request-Id. Derive it from the thing being paid for
 * (e.g. `capture:<orderId>`), never from the attempt, so that a retry, a second API process or
 * the reconciler asking again gets the first answer instead of a second payment.
 */
import { CURRENCIES, type Currency, isCurrency } from '../../domain/currency';
import { decimalToMinorUnits, minorUnitsToDecimal } from '../../domain/money';
import { AppError } from '../../lib/errors';

/** Payments are taken in the currencies services price in. */
export const PAYMENT_CURRENCIES = CURRENCIES;
export type PaymentCurrency = Currency;

/** PayPal's order states (Orders v2 `order_status`). */
export type PaymentOrderStatus =
  | 'CREATED'
  | 'SAVED'
  | 'APPROVED'
  | 'VOIDED'
  | 'COMPLETED'
  | 'PAYER_ACTION_REQUIRED';

/** The outcome of a capture call: money taken, taken but held for review, or refused. */
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED';

/** What a capture looks like later on (PayPal `capture_status`), e.g. to the reconciler. */
export type CaptureState =
  | 'COMPLETED'
  | 'PENDING'
  | 'DECLINED'
  | 'FAILED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED';

export type CreatePaymentOrderInput = {
  /** Our own reference (order or job id); PayPal keeps it as reference_id, custom_id and invoice_id. */
  reference: string;
  /** Minor units (pence/cents), > 0. */
  amount: number;
  currency: PaymentCurrency;
  /** Shown to the buyer; cut to PayPal's 127 characters. */
  description: string;
  /** Same id, same provider order: a retried create does not leave a second order behind. */
  requestId: string;
  returnUrl: string;
  cancelUrl: string;
  /** The lines the amount is made of; when given they must add up to it exactly. */
  items?: readonly PaymentItem[] | undefined;
};

/** One line of what is paid for (PayPal's purchase-unit item): a batch pays an item per row. */
export type PaymentItem = {
  /** Shown to the buyer; cut to PayPal's 127 characters. */
  name: string;
  /** Minor units for one. */
  unitAmount: number;
  quantity: number;
  /** Our reference for the line (a batch row's), at most 127 characters. */
  sku?: string;
};

export type CreatedPaymentOrder = { providerOrderId: string; approveUrl?: string };

export type PaymentOrder = {
  providerOrderId: string;
  status: PaymentOrderStatus;
  amount: number;
  currency: string;
  reference?: string;
  /** Present once a capture exists (whatever its state). */
  captureId?: string;
  captureState?: CaptureState;
};

export type CaptureResult = { captureId: string; status: CaptureStatus; amount: number; currency: string };

export type RefundInput = {
  /** Minor units; omitted means "everything not refunded yet". */
  amount?: number;
  currency: string;
  requestId: string;
};

export type RefundResult = {
  refundId: string;
  /** PayPal `refund_status`: COMPLETED, PENDING, FAILED or CANCELLED. */
  status: string;
};

export interface PaymentProvider {
  readonly name: 'test' | 'paypal';
  /** The public client id the browser's PayPal buttons need; absent for the test provider. */
  readonly clientId?: string;
  createOrder(input: CreatePaymentOrderInput): Promise<CreatedPaymentOrder>;
  getOrder(providerOrderId: string): Promise<PaymentOrder>;
  capture(providerOrderId: string, requestId: string): Promise<CaptureResult>;
  refund(captureId: string, input: RefundInput): Promise<RefundResult>;
  /**
   * True only when the webhook's signature checks out with the provider. Rejects with
   * ProviderUnavailableError when that cannot be decided now, so the caller answers 5xx and
   * PayPal delivers the event again later.
   */
  verifyWebhook(headers: Record<string, string | undefined>, rawBody: string): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------
// Errors

export type PaymentErrorCode =
  | 'declined'
  | 'not_approved'
  | 'already_captured'
  | 'already_refunded'
  | 'not_found'
  | 'rejected'
  | 'misconfigured'
  | 'unavailable';

type PaymentErrorDetails = {
  issue?: string;
  debugId?: string;
  httpStatus?: number;
  cause?: unknown;
  /** PayPal's HATEOAS links in the error (a duplicate payout batch links to the original). */
  links?: { href: string; rel: string }[];
};

/** Base of every provider failure; `issue` and `debugId` are PayPal's, for logs and support. */
export class PaymentProviderError extends Error {
  readonly code: PaymentErrorCode;
  readonly issue?: string;
  readonly debugId?: string;
  readonly httpStatus?: number;
  readonly links?: { href: string; rel: string }[];

  constructor(code: PaymentErrorCode, message: string, details: PaymentErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.code = code;
    this.issue = details.issue;
    this.debugId = details.debugId;
    this.httpStatus = details.httpStatus;
    this.links = details.links;
  }
}

/** The buyer's funding source was refused (PayPal INSTRUMENT_DECLINED and friends). */
export class PaymentDeclinedError extends PaymentProviderError {
  constructor(message = 'The payment was declined', details?: PaymentErrorDetails) {
    super('declined', message, details);
  }
}

/** Capture was asked before the buyer approved the payment. */
export class OrderNotApprovedError extends PaymentProviderError {
  constructor(message = 'The buyer has not approved this payment yet', details?: PaymentErrorDetails) {
    super('not_approved', message, details);
  }
}

/**
 * The order was captured already, under another request id. Money has moved once: look the
 * capture up with getOrder() rather than treating this as a failure.
 */
export class AlreadyCapturedError extends PaymentProviderError {
  constructor(message = 'This payment was captured already', details?: PaymentErrorDetails) {
    super('already_captured', message, details);
  }
}

/** Nothing is left to refund on this capture. */
export class AlreadyRefundedError extends PaymentProviderError {
  constructor(message = 'This payment was refunded in full already', details?: PaymentErrorDetails) {
    super('already_refunded', message, details);
  }
}

export class PaymentNotFoundError extends PaymentProviderError {
  constructor(message = 'The payment provider does not know this payment', details?: PaymentErrorDetails) {
    super('not_found', message, details);
  }
}

/** The provider refused the request itself (a bug on our side or an unsupported case). */
export class PaymentRejectedError extends PaymentProviderError {
  constructor(message: string, details?: PaymentErrorDetails) {
    super('rejected', message, details);
  }
}

/** Credentials or account permissions are wrong: an operator must act, retrying will not help. */
export class PaymentMisconfiguredError extends PaymentProviderError {
  constructor(message: string, details?: PaymentErrorDetails) {
    super('misconfigured', message, details);
  }
}

/**
 * The provider could not be reached or kept failing after the retries. The outcome of a money
 * movement is then unknown: ask again later with the same request id, never a new one.
 */
export class ProviderUnavailableError extends PaymentProviderError {
  constructor(message = 'The payment provider is unavailable', details?: PaymentErrorDetails) {
    super('unavailable', message, details);
  }
}

/**
 * A default problem response for each failure; messages are the
 * customer-facing payment messages (portal/src/shared/payment/messages.ts) where one fits. Callers may map differently where the context says more.
 */
export function paymentErrorToAppError(error: PaymentProviderError): AppError {
  switch (error.code) {
    case 'declined':
      return new AppError(422, 'Payment failed. Please try again.', { code: 'payment_declined' });
    case 'not_approved':
      return new AppError(409, 'The payment has not been approved yet', { code: 'payment_not_approved' });
    case 'already_captured':
      return new AppError(409, 'This payment has been taken already', { code: 'payment_already_captured' });
    case 'already_refunded':
      return new AppError(409, 'This payment has been refunded already', {
        code: 'payment_already_refunded',
      });
    case 'not_found':
      return new AppError(404, 'Payment not found', { code: 'payment_not_found' });
    case 'rejected':
      return new AppError(502, 'Payment error occurred. Please try again.', {
        code: 'payment_provider_error',
      });
    case 'misconfigured':
    case 'unavailable':
      return new AppError(503, 'Payment error occurred. Please try again.', {
        code: 'payment_provider_unavailable',
        headers: { 'Retry-After': '30' },
      });
  }
}

// ---------------------------------------------------------------------------------------------
// Money on the wire

export const isPaymentCurrency: (value: unknown) => value is PaymentCurrency = isCurrency;

// Every currency Consign prices in has two minor digits (domain/currency.ts), as PayPal's amounts
// for GBP, EUR and USD do: more precision is refused there (DECIMAL_PRECISION) and here.
function assertPaymentCurrency(currency: string): void {
  if (!isPaymentCurrency(currency)) throw new RangeError(`Unsupported currency "${currency}"`);
}

/** 1234 GBP -> "12.34", 5 -> "0.05", 100 -> "1.00": the decimal PayPal's amounts carry. */
export function toProviderAmount(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`Amounts are non-negative integer minor units, got ${amount}`);
  }
  assertPaymentCurrency(currency);
  return minorUnitsToDecimal(amount);
}

/**
 * "12.34" GBP -> 1234, "12.3" -> 1230, "12" -> 1200, ".5" -> 50. More precision than the currency
 * has is an error unless the extra digits are zeros ("12.340"), never a silent rounding.
 */
export function fromProviderAmount(value: string, currency: string): number {
  assertPaymentCurrency(currency);
  // The contract's money pattern, without the sign: "12", "12.34", ".5".
  if (!/^(\d+|\d*\.\d+)$/.test(value)) throw new RangeError(`Not a non-negative decimal amount: "${value}"`);
  const [whole = '', fraction = ''] = value.split('.');
  if (/[^0]/.test(fraction.slice(2)))
    throw new RangeError(`"${value}" has more than 2 decimals for ${currency}`);
  const minor = decimalToMinorUnits(`${whole}.${fraction.slice(0, 2)}`, { loose: true });
  if (minor === null) throw new RangeError(`Amount "${value}" is too large`);
  return minor;
}

/** Checks the common inputs of createOrder before anything is sent anywhere. */
export function assertCreateOrderInput(input: CreatePaymentOrderInput): void {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`amount must be a positive integer of minor units, got ${input.amount}`);
  }
  if (!isPaymentCurrency(input.currency)) throw new RangeError(`Unsupported currency "${input.currency}"`);
  // PayPal's custom_id and invoice_id take at most 127 characters; our ids are far shorter.
  if (!input.reference || [...input.reference].length > 127) {
    throw new RangeError('reference must be 1 to 127 characters');
  }
  if (!input.requestId.trim()) throw new RangeError('requestId is required');
  if (input.items) {
    let sum = 0;
    for (const item of input.items) {
      if (!Number.isSafeInteger(item.unitAmount) || item.unitAmount < 0) {
        throw new RangeError(
          `item amounts must be non-negative integers of minor units, got ${item.unitAmount}`,
        );
      }
      if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
        throw new RangeError(`item quantities must be positive integers, got ${item.quantity}`);
      }
      sum += item.unitAmount * item.quantity;
    }
    // PayPal refuses an order whose items do not add up to its amount (ITEM_TOTAL_MISMATCH).
    if (sum !== input.amount) throw new RangeError(`items add up to ${sum}, not the amount ${input.amount}`);
  }
  for (const [field, url] of [
    ['returnUrl', input.returnUrl],
    ['cancelUrl', input.cancelUrl],
  ] as const) {
    if (!isWebUrl(url)) throw new RangeError(`${field} must be an absolute http(s) URL`);
  }
}

/** Absolute http(s) only: these URLs become links and redirects, so `javascript:` must not pass. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

/** Cuts to at most `max` characters (code points, as PayPal counts), never inside a surrogate pair. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
