import { createMiddleware } from 'hono/factory';
import { AppError, type FieldError } from './errors';
import { cacheBody } from './request-body';

/**
 * Fields whose values may span lines (free text people type into a text area). Everywhere else a
 * line break is as wrong as any other control character: it would forge lines in CSV exports,
 * labels, email headers and logs.
 */
const MULTI_LINE_FIELDS = new Set([
  'notes',
  'vendorNotes',
  'message',
  'body',
  'description',
  'reason',
  'note',
  'about',
  'bio',
  'text',
  'html',
]);

// C0 controls other than tab, line feed and carriage return; DEL; C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** No request body of this API nests anywhere near this deep; deeper is an attack on recursion. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep the JSON text nests, counted on the text itself without recursion (so before
 * JSON.parse or any validator walks it); stops counting once past `limit`.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/**
 * Each string in a parsed JSON body that holds a character no field accepts, by path. Walks with
 * its own stack rather than recursion, so no body can exhaust the call stack.
 */
export function controlCharacterErrors(value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  // Each entry points at its parent rather than copying the path, so the walk stays linear.
  type Step = { key: string; parent: Step | null };
  const pathOf = (step: Step | null) => {
    const keys: string[] = [];
    for (let s = step; s; s = s.parent) keys.push(s.key);
    return keys.reverse();
  };
  const stack: [unknown, Step | null][] = [[value, null]];
  while (stack.length > 0) {
    const [current, step] = stack.pop()!;
    if (typeof current === 'string') {
      const bad = CONTROL.test(current) ? 'control' : LINE_BREAK.test(current) ? 'line' : null;
      if (!bad) continue;
      const path = pathOf(step);
      const field = path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? '';
      if (bad === 'control') {
        errors.push({ path: path.join('.') || '(body)', message: 'Must not contain control characters' });
      } else if (!MULTI_LINE_FIELDS.has(field)) {
        errors.push({ path: path.join('.') || '(body)', message: 'Must be a single line' });
      }
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], { key: String(i), parent: step }]);
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push([entries[i]![1], { key: entries[i]![0], parent: step }]);
      }
    }
  }
  return errors;
}

/**
 * Before any route sees a JSON body: bytes that are not UTF-8 answer 400 (rather than being
 * stored as replacement characters), a body nested deeper than MAX_JSON_DEPTH answers 400 naming
 * the limit, and control characters answer 422 naming the field.
 * Malformed JSON is left to the route's validator, which answers it.
 */
export const requestHygiene = createMiddleware(async (c, next) => {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/([\w.-]+\+)?json\b/i.test(type) || c.req.method === 'GET' || c.req.method === 'HEAD') {
    return next();
  }
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppError(400, 'The request body is not valid UTF-8', { code: 'invalid_utf8' });
  }
  // The validator's `c.req.json()` reads the text: decoded once, here.
  cacheBody(c, 'text', text);
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new AppError(400, `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels, the limit`, {
      code: 'json_too_deep',
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return next();
  }
  const errors = controlCharacterErrors(parsed);
  if (errors.length) throw AppError.validation(errors, `Invalid ${errors.map((e) => e.path).join(', ')}`);
  return next();
});
