/**
 * Ideal Postcodes' own OpenAPI document, as published on npm (`@ideal-postcodes/openapi`), made
 * into validators: the fake server checks every request it receives and every answer it gives
 * against it, so the real client is tested against what the real API could say.
 *
 * The package's licence allows installing it as a dependency but not redistributing it, so it
 * is a devDependency read from node_modules, never copied into the repository.
 *
 * Ajv compiles the document's schemas (OpenAPI 3.0 is JSON Schema draft 4/7 plus `nullable`,
 * which Ajv understands); the document's integer/number formats carry no constraint beyond the
 * type, so they are accepted as they are.
 */
import { createRequire } from 'node:module';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Record<string, unknown>;
};
type Operation = {
  parameters?: (Parameter | { $ref: string })[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type OpenApiDocument = {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, Parameter> };
};

export type ContractIssue = { path: string; message: string };

const DOCUMENT_ID = 'ideal-postcodes';

/**
 * Statuses the API answers on every operation (bad key, spent balance, failure, rate limit) that the
 * document describes once, as shared schemas, rather than on each operation.
 */
const SHARED_ERROR_SCHEMAS: Record<number, string> = {
  401: 'UnauthorizedResponse',
  402: 'ErrorResponse',
  500: 'ErrorResponse',
  429: 'RateLimitedResponse',
  503: 'RateLimitedResponse',
};

export class IdealPostcodesContract {
  readonly version: string;
  readonly #doc: OpenApiDocument;
  readonly #ajv: Ajv;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.#doc = doc;
    this.version = doc.info.version;
    this.#ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.#ajv);
    for (const format of ['int32', 'int64', 'float', 'double']) this.#ajv.addFormat(format, true);
    this.#ajv.addSchema({ $id: DOCUMENT_ID, components: doc.components });
  }

  static load(): IdealPostcodesContract {
    const require = createRequire(import.meta.url);
    return new IdealPostcodesContract(require('@ideal-postcodes/openapi/dist/openapi.json'));
  }

  operation(method: string, path: string): Operation {
    const op = this.#doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`Ideal Postcodes' document has no operation ${method} ${path}`);
    return op;
  }

  /** The operation's parameters, with the document's shared ones resolved. */
  parameters(method: string, path: string): Parameter[] {
    return (this.operation(method, path).parameters ?? []).map((p) =>
      '$ref' in p ? this.#parameterRef(p.$ref) : p,
    );
  }

  /**
   * Checks query parameters as the API's validator does: each must be one the operation
   * declares and match its schema (query values arrive as text, so integers are parsed first).
   */
  validateQuery(method: string, path: string, query: URLSearchParams): ContractIssue[] {
    const declared = new Map(
      this.parameters(method, path)
        .filter((p) => p.in === 'query')
        .map((p) => [p.name, p]),
    );
    const issues: ContractIssue[] = [];
    for (const [name, raw] of query) {
      const parameter = declared.get(name);
      if (!parameter) {
        issues.push({ path: `.query.${name}`, message: `Unknown query parameter '${name}'` });
        continue;
      }
      const schema = parameter.schema ?? {};
      const value = schema.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
      for (const issue of this.#check(schema, value)) {
        issues.push({ path: `.query.${name}`, message: issue.message });
      }
    }
    for (const [name, parameter] of declared) {
      if (parameter.required && !query.has(name)) {
        issues.push({ path: `.query.${name}`, message: `must have required property '${name}'` });
      }
    }
    return issues;
  }

  /** Checks an answer body against the schema the document gives for that status. */
  validateResponse(method: string, path: string, status: number, body: unknown): ContractIssue[] {
    const name = this.#responseSchemaName(method, path, status);
    if (!name) return [{ path: '', message: `the document describes no ${status} answer for ${path}` }];
    return this.#check({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` }, body);
  }

  #responseSchemaName(method: string, path: string, status: number): string | undefined {
    const ref = this.operation(method, path).responses[String(status)]?.content?.['application/json']?.schema
      ?.$ref;
    if (ref) return ref.split('/').pop();
    return SHARED_ERROR_SCHEMAS[status];
  }

  #parameterRef(ref: string): Parameter {
    const name = ref.split('/').pop() ?? '';
    const parameter = this.#doc.components.parameters[name];
    if (!parameter) throw new Error(`unresolvable parameter ${ref}`);
    return parameter;
  }

  #check(schema: Record<string, unknown>, value: unknown): ContractIssue[] {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#ajv.compile(schema);
      this.#validators.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e: ErrorObject) => ({
      path: e.instancePath,
      message: e.message ?? e.keyword,
    }));
  }
}
