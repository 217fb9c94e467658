/** The routes as the committed contract (openapi.yaml) lists them, so new routes join the suite by themselves. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Operation = {
  method: string;
  path: string;
  operationId: string;
  secured: boolean;
  pathParams: string[];
  /** The JSON request body schema (refs resolved), when the route takes one. */
  jsonBody?: JsonSchema;
  bodyRequired: boolean;
};

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

const document = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Inlines $refs (cycles stop at depth 8, which no request body reaches). */
export function resolve(schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (!schema || depth > 8) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(document.components.schemas[name], depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1) as JsonSchema]),
    );
  }
  if (schema.items) out.items = resolve(schema.items, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key]!.map((s) => resolve(s, depth + 1) as JsonSchema);
  }
  return out;
}

export const OPERATIONS: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: String(op.operationId),
      secured: Array.isArray(op.security) && op.security.length > 0,
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      jsonBody: resolve(op.requestBody?.content?.['application/json']?.schema),
      bodyRequired: op.requestBody?.required === true,
    })),
);

/** `orders.id` for /api/v1/orders/{id}/cancel: the segment before the parameter names what it is. */
export function paramKey(path: string, param: string): string {
  const parts = path.split('/');
  const at = parts.indexOf(`{${param}}`);
  return `${parts[at - 1]}.${param}`;
}

export const isAdminRoute = (op: Operation) => op.path.startsWith('/api/v1/admin/');
