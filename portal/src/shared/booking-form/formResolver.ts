import { type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form';

/**
 * A react-hook-form resolver from a plain validator that answers `path -> message`. Errors on a
 * field array itself ("add at least one item") go to `<name>.root`, where useFieldArray's
 * errors live.
 */
export function flatResolver<T extends FieldValues>(
  validate: (values: T) => Record<string, string>,
  arrayNames: readonly string[] = [],
): Resolver<T> {
  return async (values) => {
    const flat = validate(values);
    const entries = Object.entries(flat);
    if (entries.length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, message] of entries) {
      set(errors, arrayNames.includes(path) ? `${path}.root` : path, { type: 'validate', message });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** Every message in a react-hook-form errors tree. */
export function collectMessages(errors: unknown, out: string[] = []): string[] {
  if (!errors || typeof errors !== 'object') return out;
  const node = errors as { message?: unknown; ref?: unknown };
  if (typeof node.message === 'string') out.push(node.message);
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    collectMessages(value, out);
  }
  return out;
}

/** The message at a dotted path of a react-hook-form errors tree; `root` for a field array's own error. */
export function errorAt(errors: unknown, path: string): string | undefined {
  const node = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = node?.message ?? node?.root?.message;
  return typeof message === 'string' ? message : undefined;
}
