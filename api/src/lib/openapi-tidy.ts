/**
 * Equivalent, simpler schemas for the generated OpenAPI 3.1 document, and the copy the API
 * reference's viewer reads. The viewer (Scalar) checks each schema against a stricter model than
 * JSON Schema: a schema must be a `$ref` or name its `type`; zod's output leaves the type off its
 * unions, so the viewer warned of "document validation errors" (docs/api.md). Nothing here changes
 * what a schema accepts.
 */
type Schema = Record<string, unknown>;
type Doc = { components?: { schemas?: Record<string, Schema> } };

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const COMPOSITIONS = ['anyOf', 'oneOf', 'allOf'] as const;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ type: 'number', enum: [2] }` or `{ type: 'string' }`: a branch that is only a type. */
const plainBranch = (s: unknown): s is Schema & { type: string } =>
  isSchema(s) &&
  typeof s.type === 'string' &&
  PRIMITIVES.has(s.type) &&
  Object.keys(s).every((k) => k === 'type' || k === 'enum');

const asList = (type: unknown): string[] | undefined =>
  typeof type === 'string' ? [type] : Array.isArray(type) ? (type as string[]) : undefined;

const oneOrMany = (types: string[]) => (types.length === 1 ? types[0] : types);

/** The JSON types a schema can have, following `$ref`s; undefined when it cannot be told. */
function typesOf(node: unknown, schemas: Record<string, Schema>, depth = 0): string[] | undefined {
  if (!isSchema(node) || depth > 32) return undefined;
  if (typeof node.$ref === 'string')
    return typesOf(schemas[node.$ref.split('/').pop() ?? ''], schemas, depth + 1);
  const own = asList(node.type);
  if (own) return own;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const each = branches.map((b) => typesOf(b, schemas, depth + 1));
    if (each.some((t) => !t)) return undefined;
    return [...new Set(each.flat() as string[])];
  }
  if (Array.isArray(node.allOf)) {
    const each = node.allOf.map((b) => typesOf(b, schemas, depth + 1)).filter((t): t is string[] => !!t);
    if (each.length === 0) return undefined;
    return each.reduce((shared, t) => shared.filter((x) => t.includes(x)));
  }
  return undefined;
}

/** `anyOf: [{ type: 'string' }, { type: 'number' }]` → `type: ['string', 'number']`; enums join. */
function mergePrimitiveUnion(node: Schema) {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches) || branches.length === 0 || !branches.every(plainBranch)) continue;
    const withEnum = branches.filter((b) => Array.isArray(b.enum)).length;
    if (withEnum !== 0 && withEnum !== branches.length) continue;
    delete node[key];
    node.type = oneOrMany([...new Set(branches.map((b) => b.type))]);
    if (withEnum) node.enum = branches.flatMap((b) => b.enum as unknown[]);
  }
}

/** `allOf: [{ $ref }, { description }]` → `{ $ref, description }`, as OpenAPI 3.1 allows. */
function inlineDescribedRef(node: Schema) {
  const all = node.allOf;
  if (!Array.isArray(all) || all.length !== 2) return;
  const [ref, notes] = all as unknown[];
  if (!isSchema(ref) || typeof ref.$ref !== 'string' || Object.keys(ref).length !== 1) return;
  if (!isSchema(notes) || !Object.keys(notes).every((k) => k === 'description')) return;
  delete node.allOf;
  node.$ref = ref.$ref;
  if (notes.description !== undefined && node.description === undefined) node.description = notes.description;
}

/** A composition with no `type` gets the types its branches share (following `$ref`s). */
function typeComposition(node: Schema, schemas: Record<string, Schema>) {
  if (node.type !== undefined || node.$ref !== undefined) return;
  if (!COMPOSITIONS.some((k) => Array.isArray(node[k]))) return;
  const types = typesOf(node, schemas);
  if (types?.length) node.type = oneOrMany(types);
}

function visit(node: unknown, each: (schema: Schema) => void) {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, each);
    return;
  }
  if (!isSchema(node)) return;
  for (const value of Object.values(node)) visit(value, each);
  each(node);
}

/**
 * The contract's own tidying, in place: a union of bare types becomes one schema with a list of
 * types (or one enum), and an `allOf` that only describes a `$ref` becomes the `$ref` with its
 * description. Both read better and give the client's types enum annotations.
 */
export function tidyOpenApi<T extends object>(doc: T): T {
  visit(doc, (node) => {
    mergePrimitiveUnion(node);
    inlineDescribedRef(node);
  });
  return doc;
}

/**
 * The copy the viewer reads: every composition also names its type. Kept out of the contract
 * because openapi-typescript reads a `type` beside `oneOf` as an intersection, which would spoil
 * the client's types (`Record<string, never> & (Address | null)`).
 */
export function typedForViewer<T extends object>(doc: T): T {
  const copy = structuredClone(doc);
  const schemas = (copy as Doc).components?.schemas ?? {};
  visit(copy, (node) => typeComposition(node, schemas));
  return copy;
}
