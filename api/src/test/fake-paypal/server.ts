/**
 * A local fake of the PayPal REST API for tests, built from PayPal's own OpenAPI documents
 * (vendored in `contracts/`, from PayPal's published OpenAPI documents): every JSON request body is checked against the operation's
 * request schema (a violation answers 400 INVALID_REQUEST, as PayPal would), and every JSON
 * response is checked against the schema for its status before it is sent. A response that
 * breaks the contract is a bug in the fake: it is recorded in `problems` and answered as a 500,
 * so tests assert `problems` is empty.
 *
 * Implemented: OAuth token (Basic client credentials; shape from PayPal's REST authentication
 * page since the token call is not in the OpenAPI files), create order (PayPal-Request-Id
 * replays the first order), show order, capture (idempotent per PayPal-Request-Id,
 * ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, DUPLICATE_INVOICE_ID, INSTRUMENT_DECLINED by rule),
 * refund (idempotent, CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED,
 * REFUND_CAPTURE_CURRENCY_MISMATCH) and verify-webhook-signature (SUCCESS only for events signed
 * by signWebhook() for the configured webhook id). The buyer's approval is approve(orderId), or
 * a browser following the order's approve link (GET /checkoutnow?token=…), which approves and
 * redirects to the order's return_url like PayPal does.
 *
 * Payouts (payments_payouts_batch_v1): create a batch (idempotent per PayPal-Request-Id; a
 * sender_batch_id used before answers 400 with a link to the first batch, as PayPal documents),
 * show a batch (paged), show an item, and cancel an UNCLAIMED item (then RETURNED). A batch is
 * PENDING when made and found processed the next time it is read: each item SUCCESS unless
 * setPayoutOutcome() named another status for its receiver; holdPayouts() keeps them PENDING.
 *
 * Faults for resilience tests: injectFault() answers 500/503 before or after doing the work,
 * drops the connection, or delays the answer.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Contract,
  type ContractName,
  defaultContractsDir,
  OAUTH_ERROR_SCHEMA,
  OAUTH_TOKEN_RESPONSE_SCHEMA,
  type Schema,
  type SchemaIssue,
  validateStandalone,
} from './contract';

export type FakeOperation =
  | 'token'
  | 'createOrder'
  | 'getOrder'
  | 'capture'
  | 'refund'
  | 'verifyWebhook'
  | 'createPayout'
  | 'getPayout'
  | 'getPayoutItem'
  | 'cancelPayoutItem';

/** What a payout item becomes once processed (PayPal's transaction_status). */
export type FakePayoutState = 'SUCCESS' | 'FAILED' | 'UNCLAIMED' | 'ONHOLD' | 'BLOCKED' | 'RETURNED';

export type FakePayPalOptions = {
  clientId?: string;
  clientSecret?: string;
  /** The webhook subscription id whose signatures verify. */
  webhookId?: string;
  /** Lifetime of issued tokens in seconds (PayPal's are about 9 hours). */
  tokenExpiresIn?: number;
  contractsDir?: string;
};

export type FakeFault = {
  operation: FakeOperation;
  /** How many matching requests it affects (default 1). */
  times?: number;
  /** Answer this status with PayPal's error body (500 and 503 are what PayPal documents). */
  status?: 500 | 503;
  /** Close the connection without an answer. */
  drop?: boolean;
  /** Do the work first, then fail: the "captured but the answer was lost" case. */
  after?: boolean;
  /** Wait this long before answering (after doing the work), for timeout tests. */
  delayMs?: number;
};

export type DeclineRule = { value?: string; orderId?: string };

export type FakeStats = {
  /** Requests that reached each operation, faults and replays included. */
  requests: Record<FakeOperation, number>;
  tokensIssued: number;
  ordersCreated: number;
  /** Captures that really took money: replays and refusals are not counted. */
  capturesPerformed: number;
  refundsPerformed: number;
  /** Money-moving calls that came without a PayPal-Request-Id (a client bug). */
  withoutRequestId: number;
  /** Payout batches really made: replays and refused duplicates are not counted. */
  payoutBatchesCreated: number;
};

/** One payout item as the fake holds it, for assertions ("each courier paid exactly once"). */
export type FakePayoutItemView = {
  payoutItemId: string;
  payoutBatchId: string;
  senderBatchId: string;
  senderItemId: string | undefined;
  receiver: string;
  currency: string;
  value: string;
  state: string;
};

export type RecordedRequest = {
  operation: FakeOperation;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

export type FakePayPal = {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  stats: FakeStats;
  /** Contract violations in the fake's own answers, and exceptions inside it. */
  problems: string[];
  /** Request bodies the fake refused as contract violations, with the reasons. */
  rejected: { operation: FakeOperation; issues: SchemaIssue[] }[];
  requests: RecordedRequest[];
  close(): Promise<void>;
  /** The buyer approves the order (PayPal's approval page, simulated). */
  approve(orderId: string): void;
  /** Decline captures of orders with this amount value ("13.13") or this id; null clears. */
  setDecline(rule: DeclineRule | null): void;
  injectFault(fault: FakeFault): void;
  /** Makes every issued token invalid, as if PayPal revoked them. */
  revokeTokens(): void;
  /** Forgets the PayPal-Request-Ids seen, as PayPal does after 30 days. */
  forgetRequestIds(): void;
  /** Signs an event as PayPal would deliver it: the headers and the exact body. */
  signWebhook(
    event: Record<string, unknown>,
    options?: { webhookId?: string },
  ): {
    headers: Record<string, string>;
    rawBody: string;
  };
  /** The fake's state of one order, for assertions. */
  order(orderId: string): { status: string; captures: number; refunded: string } | undefined;
  /** What items paid to this receiver become once processed (default SUCCESS). */
  setPayoutOutcome(receiver: string, state: FakePayoutState): void;
  /** While on, batches stay PENDING when read (PayPal still processing them). */
  holdPayouts(on: boolean): void;
  /** Every payout item made, in order. */
  payoutItems(): FakePayoutItemView[];
};

type Money = { currency_code: string; value: string };
type FakeRefund = { id: string; amount: Money; status: 'COMPLETED'; createTime: string };
type FakeCapture = {
  id: string;
  status: 'COMPLETED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: Money;
  invoiceId?: string;
  customId?: string;
  createTime: string;
  updateTime: string;
  refunds: FakeRefund[];
};
type FakeOrder = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  unit: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Money;
  };
  returnUrl?: string;
  cancelUrl?: string;
  viaPaymentSource: boolean;
  createTime: string;
  updateTime: string;
  capture?: FakeCapture;
};

type PayoutMoney = { currency: string; value: string };
type FakePayoutItem = {
  id: string;
  batchId: string;
  senderItemId?: string;
  receiver: string;
  recipientType: string;
  amount: PayoutMoney;
  note?: string;
  state: 'PENDING' | FakePayoutState;
  transactionId?: string;
  timeProcessed?: string;
};
type FakePayoutBatch = {
  id: string;
  senderBatchId: string;
  header: Record<string, unknown>;
  createTime: string;
  completedTime?: string;
  processed: boolean;
  items: FakePayoutItem[];
};

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Route = {
  operation: FakeOperation;
  method: string;
  pattern: RegExp;
  /** The OpenAPI document and path template the operation is checked against. */
  contract?: { name: ContractName; path: string };
  handle: (ctx: RequestContext) => Reply;
};
type RequestContext = {
  req: IncomingMessage;
  params: string[];
  body: unknown;
  rawBody: string;
  requestId?: string;
  representation: boolean;
  query: URLSearchParams;
};

const ERROR_TEXT = {
  400: {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  },
  401: {
    name: 'AUTHENTICATION_FAILURE',
    message:
      'Authentication failed due to missing authorization header, or invalid authentication credentials.',
  },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  415: {
    name: 'UNSUPPORTED_MEDIA_TYPE',
    message: "The server does not support the request payload's media type.",
  },
  422: {
    name: 'UNPROCESSABLE_ENTITY',
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
  },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
  503: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
} as const;

const SIGNING_SECRET = randomBytes(32);

/** The app settings that point Consign at this fake, as `createTestApp` takes them. */
export function payPalEnv(fake: Pick<FakePayPal, 'clientId' | 'clientSecret' | 'url' | 'webhookId'>) {
  return {
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_API_BASE: fake.url,
    PAYPAL_WEBHOOK_ID: fake.webhookId,
  };
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const dir = options.contractsDir ?? defaultContractsDir();
  const contracts: Record<ContractName, Contract> = {
    orders: Contract.load('orders', dir),
    payments: Contract.load('payments', dir),
    webhooks: Contract.load('webhooks', dir),
    payouts: Contract.load('payouts', dir),
  };
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const webhookId = options.webhookId ?? 'WH0FAKE0WEBHOOK0ID';
  const tokenExpiresIn = options.tokenExpiresIn ?? 32_400;

  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, { orderId: string }>();
  const idempotent = new Map<string, Reply>(); // `${operation}:${PayPal-Request-Id}` -> first answer
  const payoutBatches = new Map<string, FakePayoutBatch>();
  const payoutItemsById = new Map<string, FakePayoutItem>();
  const payoutOutcomes = new Map<string, FakePayoutState>();
  let payoutsHeld = false;
  let declines: DeclineRule[] = [];
  let faults: (FakeFault & { remaining: number })[] = [];
  const stats: FakeStats = {
    requests: {
      token: 0,
      createOrder: 0,
      getOrder: 0,
      capture: 0,
      refund: 0,
      verifyWebhook: 0,
      createPayout: 0,
      getPayout: 0,
      getPayoutItem: 0,
      cancelPayoutItem: 0,
    },
    tokensIssued: 0,
    ordersCreated: 0,
    capturesPerformed: 0,
    refundsPerformed: 0,
    withoutRequestId: 0,
    payoutBatchesCreated: 0,
  };
  const problems: string[] = [];
  const rejected: FakePayPal['rejected'] = [];
  const requests: RecordedRequest[] = [];
  let baseUrl = '';

  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const newId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
  const debugId = () => randomBytes(7).toString('hex');

  function error(
    status: keyof typeof ERROR_TEXT,
    issue?: string,
    description?: string,
    field?: string,
  ): Reply {
    const details = issue
      ? [{ issue, ...(description ? { description } : {}), ...(field ? { field, location: 'body' } : {}) }]
      : undefined;
    return { status, body: { ...ERROR_TEXT[status], debug_id: debugId(), ...(details ? { details } : {}) } };
  }

  // ---------------------------------------------------------------------------------------------
  // Representations

  function link(href: string, rel: string, method: 'GET' | 'POST' | 'PATCH') {
    return { href, rel, method };
  }

  function captureJson(capture: FakeCapture) {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      ...(capture.invoiceId ? { invoice_id: capture.invoiceId } : {}),
      ...(capture.customId ? { custom_id: capture.customId } : {}),
      links: [
        link(`${baseUrl}/v2/payments/captures/${capture.id}`, 'self', 'GET'),
        link(`${baseUrl}/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
      ],
      create_time: capture.createTime,
      update_time: capture.updateTime,
    };
  }

  function refundJson(refund: FakeRefund) {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      links: [link(`${baseUrl}/v2/payments/refunds/${refund.id}`, 'self', 'GET')],
      create_time: refund.createTime,
      update_time: refund.createTime,
    };
  }

  function orderLinks(order: FakeOrder) {
    const links = [link(`${baseUrl}/v2/checkout/orders/${order.id}`, 'self', 'GET')];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      // Buyers are sent to rel "payer-action" when the order was made with a payment_source.
      const rel = order.viaPaymentSource ? 'payer-action' : 'approve';
      links.push(link(`${baseUrl}/checkoutnow?token=${order.id}`, rel, 'GET'));
    }
    if (order.status !== 'COMPLETED') {
      links.push(link(`${baseUrl}/v2/checkout/orders/${order.id}`, 'update', 'PATCH'));
      links.push(link(`${baseUrl}/v2/checkout/orders/${order.id}/capture`, 'capture', 'POST'));
    }
    return links;
  }

  function orderJson(order: FakeOrder, representation: boolean) {
    if (!representation) return { id: order.id, status: order.status, links: orderLinks(order) };
    const unit = {
      ...order.unit,
      payee: { email_address: 'merchant@consign.example', merchant_id: 'FAKEMERCH2345' },
      ...(order.capture
        ? {
            payments: {
              captures: [captureJson(order.capture)],
              ...(order.capture.refunds.length ? { refunds: order.capture.refunds.map(refundJson) } : {}),
            },
          }
        : {}),
    };
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      purchase_units: [unit],
      create_time: order.createTime,
      update_time: order.updateTime,
      links: orderLinks(order),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Operations

  function issueToken(ctx: RequestContext): Reply {
    const header = ctx.req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    const decoded = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    const split = decoded.indexOf(':');
    if (split < 0 || decoded.slice(0, split) !== clientId || decoded.slice(split + 1) !== clientSecret) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    const type = ctx.req.headers['content-type'] ?? '';
    const form = new URLSearchParams(ctx.rawBody);
    if (
      !type.startsWith('application/x-www-form-urlencoded') ||
      form.get('grant_type') !== 'client_credentials'
    ) {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL or not supported' },
      };
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, Date.now() + tokenExpiresIn * 1000);
    stats.tokensIssued++;
    return {
      status: 200,
      body: {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: tokenExpiresIn,
        nonce: `${now()}${randomBytes(16).toString('base64url')}`,
      },
    };
  }

  function createOrder(ctx: RequestContext): Reply {
    const body = ctx.body as {
      intent: string;
      purchase_units: FakeOrder['unit'][];
      payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
    };
    if (body.intent !== 'CAPTURE') return error(422, 'UNSUPPORTED_INTENT', 'Only CAPTURE is supported here');
    if (body.purchase_units.length !== 1) {
      return error(422, 'MULTI_CURRENCY_ORDER', 'The fake supports one purchase unit', '/purchase_units');
    }
    const unit = body.purchase_units[0] as FakeOrder['unit'];
    const problem = moneyProblem(unit.amount.value);
    if (problem)
      return error(422, problem, `Bad amount ${unit.amount.value}`, '/purchase_units/0/amount/value');
    const context = body.payment_source?.paypal?.experience_context;
    const time = now();
    const order: FakeOrder = {
      id: newId(),
      status: body.payment_source?.paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      intent: body.intent,
      unit: {
        ...(unit.reference_id ? { reference_id: unit.reference_id } : { reference_id: 'default' }),
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        ...(unit.description ? { description: unit.description } : {}),
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      },
      returnUrl: context?.return_url,
      cancelUrl: context?.cancel_url,
      viaPaymentSource: Boolean(body.payment_source?.paypal),
      createTime: time,
      updateTime: time,
    };
    orders.set(order.id, order);
    stats.ordersCreated++;
    return { status: 201, body: orderJson(order, ctx.representation) };
  }

  function getOrder(ctx: RequestContext): Reply {
    const order = orders.get(ctx.params[0] ?? '');
    if (!order) return error(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    return { status: 200, body: orderJson(order, true) };
  }

  function capture(ctx: RequestContext): Reply {
    const order = orders.get(ctx.params[0] ?? '');
    if (!order) return error(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    if (order.capture) {
      return error(
        422,
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (order.status !== 'APPROVED') {
      return error(422, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    }
    const declined = declines.some(
      (rule) => rule.orderId === order.id || rule.value === order.unit.amount.value,
    );
    if (declined) {
      return error(
        422,
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const invoice = order.unit.invoice_id;
    if (invoice && [...orders.values()].some((o) => o.id !== order.id && o.capture?.invoiceId === invoice)) {
      return error(422, 'DUPLICATE_INVOICE_ID', 'Duplicate Invoice ID detected.');
    }
    const time = now();
    order.capture = {
      id: newId(),
      status: 'COMPLETED',
      amount: { ...order.unit.amount },
      ...(invoice ? { invoiceId: invoice } : {}),
      ...(order.unit.custom_id ? { customId: order.unit.custom_id } : {}),
      createTime: time,
      updateTime: time,
      refunds: [],
    };
    order.status = 'COMPLETED';
    order.updateTime = time;
    captures.set(order.capture.id, { orderId: order.id });
    stats.capturesPerformed++;
    return { status: 201, body: orderJson(order, ctx.representation) };
  }

  function refund(ctx: RequestContext): Reply {
    const found = captures.get(ctx.params[0] ?? '');
    const order = found ? orders.get(found.orderId) : undefined;
    const captured = order?.capture;
    if (!captured) return error(404, 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    const body = ctx.body as { amount?: Money };
    const refundedCents = captured.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0);
    const remaining = cents(captured.amount.value) - refundedCents;
    if (remaining <= 0)
      return error(422, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    if (body.amount) {
      if (body.amount.currency_code !== captured.amount.currency_code) {
        return error(
          422,
          'REFUND_CAPTURE_CURRENCY_MISMATCH',
          'Refund must be in the currency of the capture',
        );
      }
      const problem = moneyProblem(body.amount.value);
      if (problem) return error(422, problem, `Bad amount ${body.amount.value}`, '/amount/value');
      if (cents(body.amount.value) > remaining) {
        return error(
          422,
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
      }
    }
    const amountCents = body.amount ? cents(body.amount.value) : remaining;
    const time = now();
    const refundRecord: FakeRefund = {
      id: newId(),
      amount: { currency_code: captured.amount.currency_code, value: decimal(amountCents) },
      status: 'COMPLETED',
      createTime: time,
    };
    captured.refunds.push(refundRecord);
    captured.status = amountCents === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    captured.updateTime = time;
    stats.refundsPerformed++;
    return { status: 201, body: refundJson(refundRecord) };
  }

  function verifyWebhook(ctx: RequestContext): Reply {
    const body = ctx.body as {
      auth_algo: string;
      transmission_id: string;
      transmission_sig: string;
      transmission_time: string;
      webhook_id: string;
      webhook_event: unknown;
    };
    const expected = signature(
      body.transmission_id,
      body.transmission_time,
      body.webhook_id,
      body.webhook_event,
    );
    const ok =
      body.webhook_id === webhookId &&
      body.auth_algo === 'SHA256withRSA' &&
      body.transmission_sig === expected;
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  // ---------------------------------------------------------------------------------------------
  // Payouts

  const payoutBatchUrl = (id: string) => `${baseUrl}/v1/payments/payouts/${id}`;
  const payoutItemUrl = (id: string) => `${baseUrl}/v1/payments/payouts-item/${id}`;

  function payoutItemJson(item: FakePayoutItem, withBatchSender = false) {
    const batch = payoutBatches.get(item.batchId);
    return {
      payout_item_id: item.id,
      ...(item.transactionId ? { transaction_id: item.transactionId } : {}),
      transaction_status: item.state,
      payout_item_fee: { currency: item.amount.currency, value: '0.00' },
      payout_batch_id: item.batchId,
      ...(withBatchSender && batch ? { sender_batch_id: batch.senderBatchId } : {}),
      payout_item: {
        recipient_type: item.recipientType,
        amount: item.amount,
        ...(item.note ? { note: item.note } : {}),
        receiver: item.receiver,
        ...(item.senderItemId ? { sender_item_id: item.senderItemId } : {}),
        recipient_wallet: 'PAYPAL',
      },
      ...(item.timeProcessed ? { time_processed: item.timeProcessed } : {}),
      ...(item.state === 'FAILED'
        ? {
            errors: {
              name: 'RECEIVER_UNREGISTERED',
              message: 'Receiver is unregistered',
              debug_id: debugId(),
            },
          }
        : {}),
      links: [{ href: payoutItemUrl(item.id), rel: 'item', method: 'GET' }],
    };
  }

  /** PayPal processes a batch after answering the create; the fake does it when it is next read. */
  function processPayouts(batch: FakePayoutBatch) {
    if (batch.processed || payoutsHeld) return;
    const time = now();
    for (const item of batch.items) {
      item.state = payoutOutcomes.get(item.receiver.toLowerCase()) ?? 'SUCCESS';
      item.timeProcessed = time;
      if (item.state === 'SUCCESS') item.transactionId = newId();
    }
    batch.processed = true;
    batch.completedTime = time;
  }

  function batchStatus(batch: FakePayoutBatch) {
    if (!batch.processed) return 'PENDING';
    return batch.items.some((i) => i.state === 'PENDING' || i.state === 'ONHOLD') ? 'PROCESSING' : 'SUCCESS';
  }

  function createPayout(ctx: RequestContext): Reply {
    const body = ctx.body as {
      sender_batch_header: Record<string, unknown> & { sender_batch_id?: string; recipient_type?: string };
      items: {
        recipient_type?: string;
        amount: PayoutMoney;
        note?: string;
        receiver: string;
        sender_item_id?: string;
      }[];
    };
    const senderBatchId = body.sender_batch_header.sender_batch_id;
    const earlier = senderBatchId
      ? [...payoutBatches.values()].find((b) => b.senderBatchId === senderBatchId)
      : undefined;
    if (earlier) {
      return {
        status: 400,
        body: {
          name: 'USER_BUSINESS_ERROR',
          message: `Batch with given sender_batch_id already exists: ${senderBatchId}`,
          debug_id: debugId(),
          details: [{ field: 'sender_batch_id', location: 'body', issue: 'DUPLICATE_SENDER_BATCH_ID' }],
          links: [{ href: payoutBatchUrl(earlier.id), rel: 'self', method: 'GET' }],
        },
      };
    }
    const seen = new Set<string>();
    for (const [i, item] of body.items.entries()) {
      const type = item.recipient_type ?? body.sender_batch_header.recipient_type;
      const field = `/items/${i}`;
      if (!type) return payoutError(400, 'MISSING_REQUIRED_PARAMETER', `${field}/recipient_type`);
      if (type === 'EMAIL' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(item.receiver)) {
        return payoutError(400, 'INVALID_EMAIL', `${field}/receiver`);
      }
      const problem = moneyProblem(item.amount.value);
      if (problem) return payoutError(400, problem, `${field}/amount/value`);
      if (item.sender_item_id) {
        if (seen.has(item.sender_item_id))
          return payoutError(400, 'DUPLICATE_ITEM', `${field}/sender_item_id`);
        seen.add(item.sender_item_id);
      }
    }
    const id = newId();
    const time = now();
    const batch: FakePayoutBatch = {
      id,
      senderBatchId: senderBatchId ?? newId(),
      header: body.sender_batch_header,
      createTime: time,
      processed: false,
      items: body.items.map((item) => ({
        id: newId(),
        batchId: id,
        ...(item.sender_item_id ? { senderItemId: item.sender_item_id } : {}),
        receiver: item.receiver,
        recipientType: item.recipient_type ?? String(body.sender_batch_header.recipient_type),
        amount: { currency: item.amount.currency, value: item.amount.value },
        ...(item.note ? { note: item.note } : {}),
        state: 'PENDING',
      })),
    };
    payoutBatches.set(id, batch);
    for (const item of batch.items) payoutItemsById.set(item.id, item);
    stats.payoutBatchesCreated++;
    return {
      status: 201,
      body: {
        batch_header: {
          payout_batch_id: id,
          batch_status: 'PENDING',
          sender_batch_header: { ...body.sender_batch_header, sender_batch_id: batch.senderBatchId },
        },
        links: [{ href: payoutBatchUrl(id), rel: 'self', method: 'GET' }],
      },
    };
  }

  function payoutError(status: 400 | 404, issue: string, field?: string): Reply {
    const text =
      status === 404
        ? ERROR_TEXT[404]
        : { name: 'VALIDATION_ERROR', message: 'Invalid request - see details' };
    return {
      status,
      body: {
        ...text,
        debug_id: debugId(),
        details: [{ issue, ...(field ? { field, location: 'body' } : {}) }],
      },
    };
  }

  function getPayout(ctx: RequestContext): Reply {
    const batch = payoutBatches.get(ctx.params[0] ?? '');
    if (!batch) return payoutError(404, 'INVALID_RESOURCE_ID');
    processPayouts(batch);
    const pageSize = Math.min(1000, Math.max(1, Number(ctx.query.get('page_size') ?? 1000) || 1000));
    const page = Math.max(1, Number(ctx.query.get('page') ?? 1) || 1);
    const items = batch.items.slice((page - 1) * pageSize, page * pageSize);
    const currencies = new Set(batch.items.map((i) => i.amount.currency));
    const total = batch.items.reduce((sum, i) => sum + cents(i.amount.value), 0);
    return {
      status: 200,
      body: {
        ...(ctx.query.get('total_required') === 'true'
          ? {
              total_items: batch.items.length,
              total_pages: Math.max(1, Math.ceil(batch.items.length / pageSize)),
            }
          : {}),
        batch_header: {
          payout_batch_id: batch.id,
          batch_status: batchStatus(batch),
          time_created: batch.createTime,
          ...(batch.completedTime ? { time_completed: batch.completedTime } : {}),
          sender_batch_header: { ...batch.header, sender_batch_id: batch.senderBatchId },
          funding_source: 'BALANCE',
          ...(currencies.size === 1
            ? {
                amount: { currency: [...currencies][0] as string, value: decimal(total) },
                fees: { currency: [...currencies][0] as string, value: '0.00' },
              }
            : {}),
        },
        items: items.map((item) => payoutItemJson(item)),
        links: [{ href: payoutBatchUrl(batch.id), rel: 'self', method: 'GET' }],
      },
    };
  }

  function getPayoutItem(ctx: RequestContext): Reply {
    const item = payoutItemsById.get(ctx.params[0] ?? '');
    if (!item) return payoutError(404, 'INVALID_RESOURCE_ID');
    const batch = payoutBatches.get(item.batchId);
    if (batch) processPayouts(batch);
    return { status: 200, body: payoutItemJson(item, true) };
  }

  function cancelPayoutItem(ctx: RequestContext): Reply {
    const item = payoutItemsById.get(ctx.params[0] ?? '');
    if (!item) return payoutError(404, 'INVALID_RESOURCE_ID');
    if (item.state !== 'UNCLAIMED') return payoutError(400, 'ITEM_ALREADY_CLAIMED_OR_PROCESSED');
    item.state = 'RETURNED';
    item.timeProcessed = now();
    return { status: 200, body: payoutItemJson(item, true) };
  }

  const routes: Route[] = [
    { operation: 'token', method: 'POST', pattern: /^\/v1\/oauth2\/token$/, handle: issueToken },
    {
      operation: 'createOrder',
      method: 'POST',
      pattern: /^\/v2\/checkout\/orders$/,
      contract: { name: 'orders', path: '/v2/checkout/orders' },
      handle: createOrder,
    },
    {
      operation: 'getOrder',
      method: 'GET',
      pattern: /^\/v2\/checkout\/orders\/([^/]+)$/,
      contract: { name: 'orders', path: '/v2/checkout/orders/{id}' },
      handle: getOrder,
    },
    {
      operation: 'capture',
      method: 'POST',
      pattern: /^\/v2\/checkout\/orders\/([^/]+)\/capture$/,
      contract: { name: 'orders', path: '/v2/checkout/orders/{id}/capture' },
      handle: capture,
    },
    {
      operation: 'refund',
      method: 'POST',
      pattern: /^\/v2\/payments\/captures\/([^/]+)\/refund$/,
      contract: { name: 'payments', path: '/v2/payments/captures/{capture_id}/refund' },
      handle: refund,
    },
    {
      operation: 'verifyWebhook',
      method: 'POST',
      pattern: /^\/v1\/notifications\/verify-webhook-signature$/,
      contract: { name: 'webhooks', path: '/v1/notifications/verify-webhook-signature' },
      handle: verifyWebhook,
    },
    {
      operation: 'createPayout',
      method: 'POST',
      pattern: /^\/v1\/payments\/payouts$/,
      contract: { name: 'payouts', path: '/v1/payments/payouts' },
      handle: createPayout,
    },
    {
      operation: 'getPayout',
      method: 'GET',
      pattern: /^\/v1\/payments\/payouts\/([^/]+)$/,
      contract: { name: 'payouts', path: '/v1/payments/payouts/{id}' },
      handle: getPayout,
    },
    {
      operation: 'getPayoutItem',
      method: 'GET',
      pattern: /^\/v1\/payments\/payouts-item\/([^/]+)$/,
      contract: { name: 'payouts', path: '/v1/payments/payouts-item/{payout_item_id}' },
      handle: getPayoutItem,
    },
    {
      operation: 'cancelPayoutItem',
      method: 'POST',
      pattern: /^\/v1\/payments\/payouts-item\/([^/]+)\/cancel$/,
      contract: { name: 'payouts', path: '/v1/payments/payouts-item/{payout_item_id}/cancel' },
      handle: cancelPayoutItem,
    },
  ];

  const MONEY_MOVING: ReadonlySet<FakeOperation> = new Set([
    'createOrder',
    'capture',
    'refund',
    'createPayout',
  ]);

  // ---------------------------------------------------------------------------------------------
  // Request handling

  /** Runs a route: auth, contract check of the request, idempotency, the operation itself. */
  function dispatch(route: Route, ctx: RequestContext): Reply {
    if (route.operation === 'token') return issueToken(ctx);
    const [scheme, token] = (ctx.req.headers.authorization ?? '').split(' ');
    const expiry = scheme === 'Bearer' && token ? tokens.get(token) : undefined;
    if (expiry === undefined || expiry <= Date.now()) return error(401);

    const contract = route.contract ? contracts[route.contract.name] : undefined;
    if (contract && route.contract && route.method === 'POST') {
      if (ctx.rawBody && !(ctx.req.headers['content-type'] ?? '').startsWith('application/json')) {
        return error(415);
      }
      let parsed: unknown = {};
      if (ctx.rawBody) {
        try {
          parsed = JSON.parse(ctx.rawBody);
        } catch {
          return requestError(route, contract, [
            { path: '/', keyword: 'json', message: 'is not valid JSON' },
          ]);
        }
      }
      const schema = contract.requestSchema(route.method, route.contract.path);
      if (schema) {
        const issues = contract.validate(schema, parsed, 'request');
        if (issues.length) {
          rejected.push({ operation: route.operation, issues });
          return requestError(route, contract, issues);
        }
      }
      ctx.body = parsed;
    }

    if (MONEY_MOVING.has(route.operation) && !ctx.requestId) stats.withoutRequestId++;
    const key =
      ctx.requestId && MONEY_MOVING.has(route.operation) ? `${route.operation}:${ctx.requestId}` : undefined;
    const first = key ? idempotent.get(key) : undefined;
    if (first) {
      // PayPal answers a repeated PayPal-Request-Id with the first result, as 200 where the
      // operation documents a 200 for that (Orders does; refunds answer 201 again).
      const replayAs200 =
        first.status === 201 && contract && route.contract
          ? contract.documentsStatus(route.method, route.contract.path, 200)
          : false;
      return { ...first, status: replayAs200 ? 200 : first.status };
    }
    const reply = route.handle(ctx);
    if (key && reply.status < 300) idempotent.set(key, reply);
    return contract && route.contract ? withDocumentedWording(reply, contract, route) : reply;
  }

  /**
   * PayPal's contract pins the exact description of some issues (ORDER_NOT_APPROVED's text,
   * for one); use it wherever it does, so handlers only choose the issue.
   */
  function withDocumentedWording(reply: Reply, contract: Contract, route: Route): Reply {
    const body = reply.body as { details?: { issue: string; description?: string }[] } | undefined;
    if (reply.status < 400 || !body?.details || !route.contract) return reply;
    const documented = contract.documentedIssues(route.method, route.contract.path, reply.status);
    for (const detail of body.details) {
      const wording = documented.get(detail.issue);
      if (wording) detail.description = wording;
    }
    return reply;
  }

  function requestError(route: Route, contract: Contract, issues: SchemaIssue[]): Reply {
    const path = route.contract?.path ?? '';
    const documented = contract.documentedIssues(route.method, path, 400);
    const details = issues.slice(0, 10).map((issue) => {
      const wanted = issueFor(issue.keyword);
      const chosen = documented.size === 0 || documented.has(wanted) ? wanted : 'INVALID_PARAMETER_SYNTAX';
      return {
        field: issue.path,
        issue: chosen,
        description: documented.get(chosen) ?? `${issue.path} ${issue.message}`,
        location: 'body',
      };
    });
    if (route.contract?.name === 'webhooks') {
      // The webhooks API documents only its generic error shape for failures.
      return {
        status: 400,
        body: {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          debug_id: debugId(),
          details,
        },
      };
    }
    return { status: 400, body: { ...ERROR_TEXT[400], debug_id: debugId(), details } };
  }

  /** Checks an answer against the contract; a violation is the fake's bug, never sent as is. */
  function checked(route: Route | undefined, reply: Reply): Reply {
    if (!route || reply.body === undefined) return reply;
    let issues: SchemaIssue[] = [];
    if (route.operation === 'token') {
      issues = validateStandalone(
        reply.status === 200 ? OAUTH_TOKEN_RESPONSE_SCHEMA : OAUTH_ERROR_SCHEMA,
        reply.body,
      );
    } else if (route.contract) {
      const contract = contracts[route.contract.name];
      const schema: Schema | undefined = contract.responseSchema(
        route.method,
        route.contract.path,
        reply.status,
      );
      if (!schema)
        issues = [{ path: '/', keyword: 'status', message: `status ${reply.status} is not documented` }];
      else issues = contract.validate(schema, reply.body, 'response');
    }
    if (!issues.length) return reply;
    const summary = issues.map((i) => `${i.path} ${i.message}`).join('; ');
    problems.push(`${route.operation} ${reply.status} response violates the contract: ${summary}`);
    return {
      status: 500,
      body: { ...ERROR_TEXT[500], debug_id: debugId() },
      headers: { 'x-fake-contract-violation': '1' },
    };
  }

  function takeFault(operation: FakeOperation): FakeFault | undefined {
    const fault = faults.find((f) => f.operation === operation && f.remaining > 0);
    if (fault) fault.remaining--;
    faults = faults.filter((f) => f.remaining > 0);
    return fault;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawBody = await readBody(req);

    if (req.method === 'GET' && url.pathname === '/checkoutnow') {
      buyerApproval(url, res);
      return;
    }

    const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    if (!route) {
      send(res, { status: 404, body: { ...ERROR_TEXT[404], debug_id: debugId() } });
      return;
    }
    stats.requests[route.operation]++;
    const match = route.pattern.exec(url.pathname);
    const requestIdHeader = req.headers['paypal-request-id'];
    const ctx: RequestContext = {
      req,
      params: (match?.slice(1) ?? []).map((p) => decodeURIComponent(p)),
      body: undefined,
      rawBody,
      requestId: typeof requestIdHeader === 'string' && requestIdHeader ? requestIdHeader : undefined,
      representation: /return=representation/.test(String(req.headers.prefer ?? '')),
      query: url.searchParams,
    };
    requests.push({
      operation: route.operation,
      method: req.method ?? '',
      path: url.pathname,
      headers: { ...req.headers },
      body: safeJson(rawBody),
    });

    const fault = takeFault(route.operation);
    if (fault && !fault.after && (fault.drop || fault.status)) {
      if (fault.drop) return void req.socket.destroy();
      send(res, checked(route, faultReply(route, fault.status ?? 503)));
      return;
    }

    let reply: Reply;
    try {
      reply = checked(route, dispatch(route, ctx));
    } catch (err) {
      problems.push(`${route.operation} threw: ${err instanceof Error ? err.stack : String(err)}`);
      reply = { status: 500, body: { ...ERROR_TEXT[500], debug_id: debugId() } };
    }

    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.after && fault.drop) return void req.socket.destroy();
    if (fault?.after && fault.status) reply = checked(route, faultReply(route, fault.status));
    send(res, reply);
  }

  function faultReply(route: Route, status: 500 | 503): Reply {
    if (route.operation === 'token') {
      return {
        status,
        body: { error: 'server_error', error_description: 'The service is temporarily unavailable' },
      };
    }
    return { status, body: { ...ERROR_TEXT[status], debug_id: debugId() } };
  }

  /** What PayPal's checkout page does once the buyer approves: back to the merchant. */
  function buyerApproval(url: URL, res: ServerResponse) {
    const order = orders.get(url.searchParams.get('token') ?? '');
    if (!order) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown order');
      return;
    }
    approveOrder(order);
    if (order.returnUrl) {
      const target = new URL(order.returnUrl);
      target.searchParams.set('token', order.id);
      target.searchParams.set('PayerID', 'FAKEPAYER0001');
      res.writeHead(302, { location: target.toString() }).end();
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`Order ${order.id} approved`);
    }
  }

  function approveOrder(order: FakeOrder) {
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.updateTime = now();
    }
  }

  function signature(transmissionId: string, time: string, forWebhook: string, event: unknown): string {
    const digest = createHash('sha256').update(JSON.stringify(event)).digest('hex');
    return createHmac('sha256', SIGNING_SECRET)
      .update(`${transmissionId}|${time}|${forWebhook}|${digest}`)
      .digest('hex');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      problems.push(`request handling failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    webhookId,
    stats,
    problems,
    rejected,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal has no order ${orderId}`);
      approveOrder(order);
    },
    setDecline(rule) {
      declines = rule ? [...declines, rule] : [];
    },
    injectFault(fault) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    revokeTokens() {
      tokens.clear();
    },
    forgetRequestIds() {
      idempotent.clear();
    },
    signWebhook(event, signOptions = {}) {
      const rawBody = JSON.stringify(event);
      const transmissionId = randomUUID();
      const time = now();
      const sig = signature(transmissionId, time, signOptions.webhookId ?? webhookId, JSON.parse(rawBody));
      return {
        rawBody,
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-fake-0001`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': time,
        },
      };
    },
    order(orderId) {
      const order = orders.get(orderId);
      if (!order) return undefined;
      const refundedCents = order.capture?.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0) ?? 0;
      return { status: order.status, captures: order.capture ? 1 : 0, refunded: decimal(refundedCents) };
    },
    setPayoutOutcome(receiver, state) {
      payoutOutcomes.set(receiver.toLowerCase(), state);
    },
    holdPayouts(on) {
      payoutsHeld = on;
    },
    payoutItems() {
      return [...payoutBatches.values()].flatMap((batch) =>
        batch.items.map((item) => ({
          payoutItemId: item.id,
          payoutBatchId: batch.id,
          senderBatchId: batch.senderBatchId,
          senderItemId: item.senderItemId,
          receiver: item.receiver,
          currency: item.amount.currency,
          value: item.amount.value,
          state: item.state,
        })),
      );
    },
  };
}

// -----------------------------------------------------------------------------------------------

function issueFor(keyword: string): string {
  switch (keyword) {
    case 'required':
      return 'MISSING_REQUIRED_PARAMETER';
    case 'minLength':
    case 'maxLength':
      return 'INVALID_STRING_LENGTH';
    case 'minItems':
      return 'INVALID_ARRAY_MIN_ITEMS';
    case 'maxItems':
      return 'INVALID_ARRAY_MAX_ITEMS';
    case 'enum':
      return 'INVALID_PARAMETER_VALUE';
    case 'json':
      return 'MALFORMED_REQUEST_JSON';
    default:
      return 'INVALID_PARAMETER_SYNTAX';
  }
}

/** PayPal's business checks on an amount the schema already accepted (2-decimal currencies). */
function moneyProblem(value: string): string | undefined {
  if (value.startsWith('-')) return 'CANNOT_BE_NEGATIVE';
  if (/\.\d{3,}$/.test(value)) return 'DECIMAL_PRECISION';
  if (cents(value) <= 0) return 'CANNOT_BE_ZERO_OR_NEGATIVE';
  return undefined;
}

/** "12.3" -> 1230 without floating point; the fake deals in 2-decimal currencies only. */
function cents(value: string): number {
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function decimal(amountCents: number): string {
  const padded = String(amountCents).padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

function safeJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(res: ServerResponse, reply: Reply) {
  const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(body ? { 'content-type': 'application/json' } : {}),
    'paypal-debug-id': randomBytes(7).toString('hex'),
    ...reply.headers,
  });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('request body over 1 MB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
