/**
 * Loads PayPal's published OpenAPI documents and checks JSON values against their schemas, so the
 * fake PayPal server answers only what the real API could answer and rejects what it would reject.
 *
 * The checker covers the JSON Schema subset these documents use (counted over all four files):
 * $ref (within the same document), type, properties, required, additionalProperties, items,
 * enum, pattern, minLength/maxLength, minimum/maximum, minItems/maxItems, allOf, anyOf, oneOf and
 * the formats `uri` and `date-time`. PayPal's own formats (ppaas_*) are descriptive only; their
 * constraints are already spelled out as patterns and lengths beside them.
 *
 * `readOnly` follows OpenAPI 3.0: a required property that is readOnly is only required in
 * responses. A readOnly property that a client sends is not an error, because PayPal itself asks
 * for such values back (verify-webhook-signature takes the whole received event, whose fields
 * are all readOnly).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Schema = { [keyword: string]: unknown };
export type SchemaIssue = { path: string; keyword: string; message: string };
export type Direction = 'request' | 'response';

type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};
type MediaContent = { content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId?: string;
  requestBody?: MediaContent & { $ref?: string };
  responses?: Record<string, MediaContent & { $ref?: string }>;
  parameters?: ({ $ref?: string } & Parameter)[];
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };

export const CONTRACT_FILES = {
  orders: 'checkout_orders_v2.json',
  payments: 'payments_payment_v2.json',
  webhooks: 'notifications_webhooks_v1.json',
  payouts: 'payments_payouts_batch_v1.json',
} as const;
export type ContractName = keyof typeof CONTRACT_FILES;

/**
 * PayPal's official specifications (Apache-2.0, see contracts/LICENSE) are vendored beside this
 * file so that a clean clone can test against them; PAYPAL_CONTRACTS_DIR points at newer copies.
 */
export function defaultContractsDir(): string {
  if (process.env.PAYPAL_CONTRACTS_DIR) return resolve(process.env.PAYPAL_CONTRACTS_DIR);
  return resolve(dirname(fileURLToPath(import.meta.url)), 'contracts');
}

export class Contract {
  readonly #doc: OpenApiDocument;
  readonly #patterns = new Map<string, RegExp | null>();
  readonly #issues = new Map<string, Map<string, string | undefined>>();

  constructor(
    readonly name: string,
    doc: unknown,
  ) {
    if (!doc || typeof doc !== 'object' || !('paths' in doc)) {
      throw new Error(`${name} is not an OpenAPI document`);
    }
    this.#doc = doc as OpenApiDocument;
  }

  static load(name: ContractName, dir = defaultContractsDir()): Contract {
    const file = resolve(dir, CONTRACT_FILES[name]);
    if (!existsSync(file)) {
      throw new Error(
        `PayPal contract ${file} is missing; set PAYPAL_CONTRACTS_DIR to the folder holding it`,
      );
    }
    return new Contract(CONTRACT_FILES[name], JSON.parse(readFileSync(file, 'utf8')));
  }

  operation(method: string, pathTemplate: string): Operation {
    const op = this.#doc.paths[pathTemplate]?.[method.toLowerCase()];
    if (!op) throw new Error(`${this.name} has no operation ${method.toUpperCase()} ${pathTemplate}`);
    return op;
  }

  /** The JSON request body schema of an operation, or undefined when it takes none. */
  requestSchema(method: string, pathTemplate: string): Schema | undefined {
    const body = this.#deref(this.operation(method, pathTemplate).requestBody);
    return body?.content?.['application/json']?.schema;
  }

  /** The JSON schema for one response status, falling back to `default` as OpenAPI does. */
  responseSchema(method: string, pathTemplate: string, status: number): Schema | undefined {
    const responses = this.operation(method, pathTemplate).responses ?? {};
    const response = this.#deref(responses[String(status)] ?? responses.default);
    return response?.content?.['application/json']?.schema;
  }

  /** True when the operation documents this status itself (not only through `default`). */
  documentsStatus(method: string, pathTemplate: string, status: number): boolean {
    return String(status) in (this.operation(method, pathTemplate).responses ?? {});
  }

  /** Header parameters the operation marks required (names lower-cased). */
  requiredHeaders(method: string, pathTemplate: string): string[] {
    return (this.operation(method, pathTemplate).parameters ?? [])
      .map((p) => this.#deref(p) as Parameter)
      .filter((p) => p.in === 'header' && p.required)
      .map((p) => p.name.toLowerCase());
  }

  /**
   * The `issue` values an error response schema allows (PayPal lists them per operation as
   * `details.items.anyOf[].properties.issue.enum`), each with the one description text the
   * contract pins for it, if it pins one; so the fake only uses documented issues and words.
   */
  documentedIssues(method: string, pathTemplate: string, status: number): Map<string, string | undefined> {
    const cacheKey = `${method.toUpperCase()} ${pathTemplate} ${status}`;
    const cached = this.#issues.get(cacheKey);
    if (cached) return cached;
    const found = new Map<string, string | undefined>();
    this.#issues.set(cacheKey, found);
    const visit = (schema: unknown, depth: number) => {
      if (!schema || typeof schema !== 'object' || depth > 8) return;
      const s = this.#resolve(schema as Schema);
      for (const part of [...asArray(s.allOf), ...asArray(s.anyOf), ...asArray(s.oneOf)])
        visit(part, depth + 1);
      const details = (s.properties as Record<string, Schema> | undefined)?.details;
      const items = details ? (this.#resolve(details).items as Schema | undefined) : undefined;
      for (const option of asArray(items ? this.#resolve(items).anyOf : undefined)) {
        const properties = (option as Schema).properties as Record<string, Schema> | undefined;
        const description = asArray(properties?.description?.enum)[0];
        for (const value of asArray(properties?.issue?.enum)) {
          if (typeof value === 'string') {
            found.set(value, typeof description === 'string' ? description : undefined);
          }
        }
      }
    };
    visit(this.responseSchema(method, pathTemplate, status), 0);
    return found;
  }

  validate(schema: Schema, value: unknown, direction: Direction): SchemaIssue[] {
    const issues: SchemaIssue[] = [];
    this.#check(schema, value, '', direction, issues);
    return issues;
  }

  #deref<T>(node: T): T {
    let current = node as unknown as { $ref?: string } | undefined;
    for (let hops = 0; current && typeof current.$ref === 'string' && hops < 16; hops++) {
      current = this.#pointer(current.$ref) as { $ref?: string };
    }
    return current as unknown as T;
  }

  #pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) throw new Error(`${this.name}: only local $ref is supported, got ${ref}`);
    let node: unknown = this.#doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown> | undefined)?.[key];
      if (node === undefined) throw new Error(`${this.name}: unresolvable $ref ${ref}`);
    }
    return node;
  }

  /** Follows a $ref and merges its siblings (PayPal puts readOnly/format beside $ref). */
  #resolve(schema: Schema): Schema {
    if (typeof schema.$ref !== 'string') return schema;
    const { $ref, ...siblings } = schema;
    const target = this.#resolve(this.#pointer($ref as string) as Schema);
    return Object.keys(siblings).length ? { ...target, ...siblings } : target;
  }

  #regex(pattern: string): RegExp | null {
    if (!this.#patterns.has(pattern)) {
      let compiled: RegExp | null = null;
      try {
        compiled = new RegExp(pattern, 'u');
      } catch {
        // A few PayPal patterns use escapes that only the legacy (non-Unicode) syntax accepts.
        try {
          compiled = new RegExp(pattern);
        } catch {
          compiled = null;
        }
      }
      this.#patterns.set(pattern, compiled);
    }
    return this.#patterns.get(pattern) ?? null;
  }

  #isReadOnly(schema: Schema): boolean {
    return this.#resolve(schema).readOnly === true;
  }

  #check(raw: Schema, value: unknown, path: string, direction: Direction, issues: SchemaIssue[]): void {
    const schema = this.#resolve(raw);
    const at = path || '/';
    const fail = (keyword: string, message: string) => issues.push({ path: at, keyword, message });

    for (const part of asArray(schema.allOf)) this.#check(part as Schema, value, path, direction, issues);
    if (Array.isArray(schema.anyOf)) {
      const passes = schema.anyOf.some(
        (part) => this.validate(part as Schema, value, direction).length === 0,
      );
      if (!passes) fail('anyOf', 'matches none of the allowed shapes');
    }
    if (Array.isArray(schema.oneOf)) {
      const passing = schema.oneOf.filter(
        (part) => this.validate(part as Schema, value, direction).length === 0,
      );
      if (passing.length !== 1)
        fail('oneOf', `matches ${passing.length} of the alternatives, expected exactly 1`);
    }

    if (typeof schema.type === 'string' && !hasType(value, schema.type)) {
      fail('type', `must be ${schema.type}, got ${describe(value)}`);
      return;
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
      fail('enum', `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
    }

    if (typeof value === 'string') {
      const length = [...value].length;
      if (typeof schema.minLength === 'number' && length < schema.minLength) {
        fail('minLength', `must be at least ${schema.minLength} characters`);
      }
      if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
        fail('maxLength', `must be at most ${schema.maxLength} characters`);
      }
      if (typeof schema.pattern === 'string') {
        const regex = this.#regex(schema.pattern);
        if (regex && !regex.test(value)) fail('pattern', `must match ${schema.pattern}`);
      }
      if (schema.format === 'uri' && !isUri(value)) fail('format', 'must be an absolute URI');
      if (schema.format === 'date-time' && !isDateTime(value))
        fail('format', 'must be an RFC 3339 date-time');
    }

    if (typeof value === 'number') {
      if (typeof schema.minimum === 'number' && value < schema.minimum)
        fail('minimum', `must be >= ${schema.minimum}`);
      if (typeof schema.maximum === 'number' && value > schema.maximum)
        fail('maximum', `must be <= ${schema.maximum}`);
    }

    if (Array.isArray(value)) {
      if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
        fail('minItems', `must have at least ${schema.minItems} items`);
      }
      if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
        fail('maxItems', `must have at most ${schema.maxItems} items`);
      }
      if (schema.items && typeof schema.items === 'object') {
        value.forEach((item, i) => {
          this.#check(schema.items as Schema, item, `${path}/${i}`, direction, issues);
        });
      }
    }

    if (isPlainObject(value)) {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const name of asArray(schema.required)) {
        if (typeof name !== 'string' || name in value) continue;
        const property = properties[name];
        if (direction === 'request' && property && this.#isReadOnly(property)) continue;
        issues.push({ path: `${path}/${name}`, keyword: 'required', message: 'is required' });
      }
      for (const [name, propertyValue] of Object.entries(value)) {
        const property = properties[name];
        if (property) {
          this.#check(property, propertyValue, `${path}/${name}`, direction, issues);
        } else if (schema.additionalProperties === false) {
          issues.push({
            path: `${path}/${name}`,
            keyword: 'additionalProperties',
            message: 'is not allowed',
          });
        } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
          this.#check(
            schema.additionalProperties as Schema,
            propertyValue,
            `${path}/${name}`,
            direction,
            issues,
          );
        }
      }
    }
  }
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isUri(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function isDateTime(value: string): boolean {
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** The OAuth token call is not in PayPal's OpenAPI documents; its shape is PayPal's published one. */
export const OAUTH_TOKEN_RESPONSE_SCHEMA: Schema = {
  type: 'object',
  required: ['scope', 'access_token', 'token_type', 'app_id', 'expires_in', 'nonce'],
  properties: {
    scope: { type: 'string', minLength: 1 },
    access_token: { type: 'string', minLength: 1 },
    token_type: { type: 'string', enum: ['Bearer'] },
    app_id: { type: 'string', minLength: 1 },
    expires_in: { type: 'integer', minimum: 1 },
    nonce: { type: 'string', minLength: 1 },
  },
};

/** RFC 6749 §5.2 error body, which is what PayPal's token endpoint answers on failure. */
export const OAUTH_ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: {
    error: {
      type: 'string',
      enum: [
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'unauthorized_client',
        'unsupported_grant_type',
        'server_error',
      ],
    },
    error_description: { type: 'string' },
  },
};

/** Validates a standalone schema (no $ref) such as the OAuth ones above. */
export function validateStandalone(schema: Schema, value: unknown): SchemaIssue[] {
  return new Contract('standalone', { paths: {} }).validate(schema, value, 'response');
}
