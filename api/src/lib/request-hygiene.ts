import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError, type FieldError } from './errors';

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

/** Each string in a parsed JSON body that holds a character no field accepts, by path. */
export function controlCharacterErrors(value: unknown, path: string[] = []): FieldError[] {
  if (typeof value === 'string') {
    const field = path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? '';
    if (CONTROL.test(value))
      return [{ path: path.join('.') || '(body)', message: 'Must not contain control characters' }];
    if (LINE_BREAK.test(value) && !MULTI_LINE_FIELDS.has(field)) {
      return [{ path: path.join('.') || '(body)', message: 'Must be a single line' }];
    }
    return [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => controlCharacterErrors(v, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => controlCharacterErrors(v, [...path, k]));
  }
  return [];
}

/**
 * Before any route sees a JSON body: bytes that are not UTF-8 answer 400 (rather than being
 * stored as replacement characters), and control characters answer 422 naming the field.
 * Malformed JSON is left to the route's validator, which answers it.
 */
export const requestHygiene = createMiddleware<AppEnv>(async (c, next) => {
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
