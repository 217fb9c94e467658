/**
 * The allowed-origins list as the server checks it (api/src/features/partners), so a row is
 * named wrong as it is typed rather than after a save. The one-origin rule is the server's own
 * function, from @consign/shared/origins, which the API checks with too.
 */
import { parseOriginPattern } from '@consign/shared/origins';

export const MAX_ORIGINS = 50;
export const MAX_ORIGIN_LENGTH = 300;

/** Why one row is not an origin, or undefined when it is. An empty row is not checked until saved. */
export function originError(value: string, { requireValue = false } = {}): string | undefined {
  if (value.trim() === '') return requireValue ? 'Write an origin, or remove this row' : undefined;
  if (value.length > MAX_ORIGIN_LENGTH) return `An origin is at most ${MAX_ORIGIN_LENGTH} characters`;
  const parsed = parseOriginPattern(value);
  return 'error' in parsed ? parsed.error : undefined;
}

/** What stops the list being saved: per row (by index) and for the whole list. */
export function checkOrigins(list: readonly string[]): { rows: Record<number, string>; list?: string } {
  const rows: Record<number, string> = {};
  list.forEach((value, index) => {
    const error = originError(value, { requireValue: true });
    if (error) rows[index] = error;
  });
  if (list.length === 0) return { rows, list: 'List at least one origin the widget may run on' };
  if (list.length > MAX_ORIGINS) return { rows, list: `At most ${MAX_ORIGINS} origins` };
  return { rows };
}

/**
 * A refused save's field errors (`allowedOrigins.3` or `allowedOrigins[3]`) by row, and any
 * error about the list itself.
 */
export function serverOriginErrors(
  errors: readonly { path?: string; field?: string; message: string }[] | undefined,
): { rows: Record<number, string>; list?: string } {
  const rows: Record<number, string> = {};
  let list: string | undefined;
  for (const error of errors ?? []) {
    const where = error.path ?? error.field ?? '';
    const match = /allowedOrigins(?:\.|\[)(\d+)\]?$/.exec(where);
    if (match) rows[Number(match[1])] ??= error.message;
    else if (where.endsWith('allowedOrigins') || where === '' || where === '(body)') list ??= error.message;
  }
  return list ? { rows, list } : { rows };
}
