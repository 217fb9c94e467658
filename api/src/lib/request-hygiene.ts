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
 * UTF-16 code units that are half of a surrogate pair with no other half. JSON (`"\\ud800"`) can
 * carry them though no Unicode text can: SQLite's JSON functions turn one into bytes that are not
 * UTF-8, and the database driver aborts the whole process on reading those (docs/deployment.md).
 */
const LONE_SURROGATE = /\p{Cs}/u;

const CONTROL_MESSAGE = 'Must not contain control characters';
const SURROGATE_MESSAGE = 'Must be valid Unicode text: it holds a lone surrogate (\\ud800-\\udfff)';

/** Why a piece of text can be accepted by no field, or null: NUL and other controls, lone surrogates. */
export function textProblem(text: string): string | null {
  if (CONTROL.test(text)) return CONTROL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** A key as it can be shown in a path: its controls and lone surrogates escaped as in JSON. */
const printable = (key: string) =>
  textProblem(key) === null
    ? key
    : key.replace(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters is the point.
        /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/gu,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );

/**
 * Each string in a parsed JSON body (object keys included) that holds a character no field
 * accepts, by path. Walks with its own stack rather than recursion, so no body can exhaust the
 * call stack.
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
      const problem = textProblem(current);
      const path = problem || LINE_BREAK.test(current) ? pathOf(step) : null;
      if (!path) continue;
      const field = path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? '';
      if (problem) errors.push({ path: path.join('.') || '(body)', message: problem });
      else if (!MULTI_LINE_FIELDS.has(field)) {
        errors.push({ path: path.join('.') || '(body)', message: 'Must be a single line' });
      }
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push([current[i], { key: String(i), parent: step }]);
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const problem = textProblem(key);
        const keyStep = { key: printable(key), parent: step };
        if (problem)
          errors.push({ path: pathOf(keyStep).join('.'), message: `The key ${problem.toLowerCase()}` });
        else stack.push([child, keyStep]);
      }
    }
  }
  return errors;
}

/**
 * The request headers the product reads. Node hands header values over as Latin-1, one character
 * a byte: a value must be UTF-8 (ASCII in practice) without control characters.
 */
const READ_HEADERS = [
  'authorization',
  'cookie',
  'idempotency-key',
  'origin',
  'x-publishable-key',
  'x-forwarded-for',
  'x-real-ip',
  'content-type',
  'accept-encoding',
  'if-none-match',
  'range',
  'access-control-request-method',
  'paypal-transmission-id',
  'paypal-transmission-time',
  'paypal-transmission-sig',
  'paypal-cert-url',
  'paypal-auth-algo',
] as const;

/** Printable ASCII and tab: every header value the product expects, checked without decoding. */
const PLAIN_HEADER = /^[\x20-\x7e\t]*$/;
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** The text a run of bytes spells in UTF-8, or null when it is not UTF-8. */
function utf8Text(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** The bytes a query component spells (`+` a space, `%XX` a byte; a stray `%` stays itself). */
function percentDecoded(component: string): Uint8Array {
  const text = component.replace(/\+/g, ' ');
  if (!text.includes('%')) return Buffer.from(text, 'utf8');
  const bytes: number[] = [];
  for (const byte of Buffer.from(text, 'utf8')) bytes.push(byte);
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex =
      bytes[i] === 0x25 && i + 2 < bytes.length ? String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else out.push(bytes[i]!);
  }
  return Uint8Array.from(out);
}

const NOT_UTF8 = 'Must be valid UTF-8 text';

/** Each query parameter (name or value) and read header that holds what no field accepts. */
export function queryAndHeaderErrors(
  url: string,
  header: (name: string) => string | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  const at = url.indexOf('?');
  if (at >= 0) {
    const end = url.indexOf('#', at);
    for (const pair of url.slice(at + 1, end < 0 ? undefined : end).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const [rawName, rawValue] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
      const name = utf8Text(percentDecoded(rawName));
      const value = utf8Text(percentDecoded(rawValue));
      const shown = `query.${name !== null && textProblem(name) === null ? name : printable(rawName)}`;
      if (name === null || value === null) errors.push({ path: shown, message: NOT_UTF8 });
      else {
        const problem = textProblem(name) ?? textProblem(value);
        if (problem) errors.push({ path: shown, message: problem });
      }
    }
  }
  for (const name of READ_HEADERS) {
    const value = header(name);
    if (value === undefined || PLAIN_HEADER.test(value)) continue;
    const text = utf8Text(latin1(value));
    const problem = text === null ? NOT_UTF8 : textProblem(text);
    if (problem) errors.push({ path: `header.${name}`, message: problem });
  }
  return errors;
}

/**
 * Query strings and the headers the product reads, before any route (and the partner key
 * middleware) sees them: NUL and other control characters, and percent-escapes that are not
 * UTF-8 (the only way a lone surrogate can be written in a URL), answer 422 naming each one.
 */
export const urlAndHeaderHygiene = createMiddleware(async (c, next) => {
  const errors = queryAndHeaderErrors(c.req.url, (name) => c.req.header(name));
  if (errors.length) throw AppError.validation(errors, `Invalid ${errors.map((e) => e.path).join(', ')}`);
  return next();
});

/**
 * Multipart forms (the uploads): each field's name and text value, and each file's name, by the
 * same rule as JSON bodies. A route middleware placed after the route's own body limit, so that
 * the form is read only once it is known to fit; the form validator then reads the same parse.
 */
export const multipartHygiene = createMiddleware(async (c, next) => {
  if (!/^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '')) return next();
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    // Answered here: the validator would meet the same failed parse again, and not as a 400.
    throw AppError.badRequest('The request body is not a valid multipart form', 'invalid_multipart');
  }
  const errors: FieldError[] = [];
  for (const [name, value] of form.entries()) {
    const problem =
      textProblem(name) ?? (typeof value === 'string' ? textProblem(value) : textProblem(value.name));
    if (problem) {
      const what = typeof value === 'string' ? problem : `The file name ${problem.toLowerCase()}`;
      errors.push({ path: printable(name), message: what });
    }
  }
  if (errors.length) throw AppError.validation(errors, `Invalid ${errors.map((e) => e.path).join(', ')}`);
  return next();
});

/**
 * Before any route sees a JSON body: bytes that are not UTF-8 answer 400 (rather than being
 * stored as replacement characters), a body nested deeper than MAX_JSON_DEPTH answers 400 naming
 * the limit, and control characters (NUL among them) and lone surrogates, in values and keys
 * alike, answer 422 naming the field.
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
