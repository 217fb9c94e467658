import { describe, expect, it } from 'vitest';
import { Contract, OAUTH_TOKEN_RESPONSE_SCHEMA, validateStandalone } from './contract';

const orders = Contract.load('orders');
const payments = Contract.load('payments');
const webhooks = Contract.load('webhooks');

const validOrder = {
  id: '5O190127TN364715T',
  intent: 'CAPTURE',
  status: 'COMPLETED',
  purchase_units: [
    {
      reference_id: 'ord_1',
      amount: { currency_code: 'GBP', value: '12.34' },
      payments: {
        captures: [
          {
            id: '3C679366HH908993F',
            status: 'COMPLETED',
            amount: { currency_code: 'GBP', value: '12.34' },
            final_capture: true,
            create_time: '2025-03-01T10:00:00Z',
            update_time: '2025-03-01T10:00:00Z',
          },
        ],
      },
    },
  ],
  create_time: '2025-03-01T09:59:00Z',
  links: [
    { href: 'https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T', rel: 'self', method: 'GET' },
  ],
};

/** A copy of the valid order with the value at a JSON pointer replaced (undefined deletes it). */
function withChange(pointer: string, value: unknown) {
  const copy = structuredClone(validOrder) as unknown as Record<string, unknown>;
  const keys = pointer.slice(1).split('/');
  const last = keys.pop() ?? '';
  let node = copy as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

describe('Contract (PayPal OpenAPI subset checker)', () => {
  const orderSchema = orders.responseSchema('GET', '/v2/checkout/orders/{id}', 200);
  const check = (value: unknown) => orders.validate(orderSchema ?? {}, value, 'response');

  it('accepts a well-formed order response', () => {
    expect(orderSchema).toBeDefined();
    expect(check(validOrder)).toEqual([]);
  });

  it.each([
    ['an unknown order status', '/status', 'PAID', 'enum'],
    ['a float amount', '/purchase_units/0/amount/value', 12.34, 'type'],
    ['a malformed amount', '/purchase_units/0/amount/value', '12,34', 'pattern'],
    [
      'a timestamp that is not a date-time',
      '/purchase_units/0/payments/captures/0/create_time',
      '2025-03-01',
      'pattern',
    ],
    ['a link without href', '/links/0/href', undefined, 'required'],
    ['an empty purchase_units list', '/purchase_units', [], 'minItems'],
  ])('rejects %s', (_name, pointer, value, keyword) => {
    expect(check(withChange(pointer, value))).toContainEqual(
      expect.objectContaining({ path: pointer, keyword }),
    );
  });

  it('checks error bodies against the issues each operation documents', () => {
    const schema = orders.responseSchema('POST', '/v2/checkout/orders/{id}/capture', 422) ?? {};
    const issues = orders.documentedIssues('POST', '/v2/checkout/orders/{id}/capture', 422);
    expect(issues.has('ORDER_ALREADY_CAPTURED')).toBe(true);
    expect(issues.has('INSTRUMENT_DECLINED')).toBe(true);
    const body = (issue: string, description?: string) => ({
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'abc123',
      details: [{ issue, ...(description ? { description } : {}) }],
    });
    expect(orders.validate(schema, body('INSTRUMENT_DECLINED'), 'response')).toEqual([]);
    expect(orders.validate(schema, body('NOT_A_PAYPAL_ISSUE'), 'response')).not.toEqual([]);
    // The contract pins ORDER_NOT_APPROVED's wording; other words are a violation.
    const pinned = issues.get('ORDER_NOT_APPROVED');
    expect(pinned).toMatch(/not yet approved/);
    expect(orders.validate(schema, body('ORDER_NOT_APPROVED', pinned), 'response')).toEqual([]);
    expect(orders.validate(schema, body('ORDER_NOT_APPROVED', 'nope'), 'response')).not.toEqual([]);
    // A 401 body cannot be passed off as a 422 one.
    expect(
      orders.validate(schema, { ...body('INSTRUMENT_DECLINED'), name: 'AUTHENTICATION_FAILURE' }, 'response'),
    ).not.toEqual([]);
  });

  it('requires readOnly required fields only in responses', () => {
    const schema = {
      type: 'object',
      required: ['id', 'note'],
      properties: { id: { type: 'string', readOnly: true }, note: { type: 'string' } },
    };
    expect(orders.validate(schema, { note: 'x' }, 'request')).toEqual([]);
    expect(orders.validate(schema, { note: 'x' }, 'response')).toContainEqual(
      expect.objectContaining({ path: '/id', keyword: 'required' }),
    );
    expect(orders.validate(schema, {}, 'request')).toContainEqual(expect.objectContaining({ path: '/note' }));
  });

  it('reads request schemas through $ref for each operation used', () => {
    const refund = payments.requestSchema('POST', '/v2/payments/captures/{capture_id}/refund') ?? {};
    expect(payments.validate(refund, { amount: { currency_code: 'GBP', value: '1.00' } }, 'request')).toEqual(
      [],
    );
    expect(payments.validate(refund, { amount: { value: '1.00' } }, 'request')).toContainEqual(
      expect.objectContaining({ path: '/amount/currency_code', keyword: 'required' }),
    );
    const verify = webhooks.requestSchema('POST', '/v1/notifications/verify-webhook-signature') ?? {};
    const issues = webhooks.validate(verify, { auth_algo: 'SHA256withRSA' }, 'request').map((i) => i.path);
    expect(issues).toEqual(
      expect.arrayContaining([
        '/cert_url',
        '/transmission_id',
        '/transmission_sig',
        '/transmission_time',
        '/webhook_id',
        '/webhook_event',
      ]),
    );
  });

  it('checks the OAuth token shape published on PayPal’s authentication page', () => {
    const token = {
      scope: 's',
      access_token: 'A21AA',
      token_type: 'Bearer',
      app_id: 'APP-1',
      expires_in: 32400,
      nonce: 'n',
    };
    expect(validateStandalone(OAUTH_TOKEN_RESPONSE_SCHEMA, token)).toEqual([]);
    expect(validateStandalone(OAUTH_TOKEN_RESPONSE_SCHEMA, { ...token, expires_in: '32400' })).not.toEqual(
      [],
    );
  });

  it('names a missing contract file clearly', () => {
    expect(() => Contract.load('orders', '/nonexistent')).toThrow(/PAYPAL_CONTRACTS_DIR/);
  });
});
