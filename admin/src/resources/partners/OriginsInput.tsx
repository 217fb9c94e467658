import { parseOriginPattern } from '@consign/shared/origins';
import { useId, useRef } from 'react';
import { useInput } from 'react-admin';
import { useT } from '../../i18n/keys';

/** The server's rule for one origin (@consign/shared/origins), shared. */
export const originError = (value: string): string | undefined => {
  if (value.trim() === '') return 'Write an origin, or remove this row';
  const parsed = parseOriginPattern(value);
  return 'error' in parsed ? parsed.error : undefined;
};

/** The whole list: at least one origin, each valid; react-admin shows the first problem. */
export const validateOrigins = (value: unknown) => {
  const list = Array.isArray(value) ? (value as string[]) : [];
  if (list.length === 0) return 'List at least one origin the widget may run on';
  return list.map(originError).find(Boolean);
};

const inputStyle = { font: 'inherit', padding: '0.5rem', flex: '1 1 14rem', minWidth: 0 } as const;

/**
 * Allowed origins as a list: one input per origin with remove, an add button, and Enter in a row
 * adding the next. Each row is checked as it is typed, with the server's rule; a refused save
 * shows the server's message under the row it names (allowedOrigins.N).
 */
export function OriginsInput() {
  const translate = useT();
  const id = useId();
  const rows = useRef<(HTMLInputElement | null)[]>([]);
  const { field, formState } = useInput({ source: 'allowedOrigins', validate: validateOrigins });
  const { errors } = formState;
  const list: string[] = Array.isArray(field.value) ? field.value : [];
  const serverErrors = (errors.allowedOrigins ?? {}) as Record<string, { message?: string } | undefined> & {
    message?: string;
  };

  const set = (next: string[]) => field.onChange(next);
  const add = (at: number) => {
    set([...list.slice(0, at), '', ...list.slice(at)]);
    // Focus the new row once it is rendered.
    requestAnimationFrame(() => rows.current[at]?.focus());
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 1rem', minWidth: 0, width: '100%' }}>
      <legend style={{ fontWeight: 600, marginBottom: '0.25rem' }}>
        {translate('resources.partners.fields.allowedOrigins')}
      </legend>
      <p id={`${id}-help`} style={{ margin: '0 0 0.5rem', color: '#4a5468' }}>
        {translate('consign.partners.origins_help')}
      </p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
        {list.map((value, index) => {
          const local = value === '' ? undefined : originError(value);
          const server = serverErrors[String(index)]?.message;
          const error = local ?? server;
          const inputId = `${id}-${index}`;
          return (
            <li
              // Rows are positions in the list; a row's identity is its index.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
            >
              <label htmlFor={inputId} style={{ position: 'absolute', left: '-10000px' }}>
                {translate('consign.partners.origin_n', { n: index + 1 })}
              </label>
              <input
                id={inputId}
                ref={(el) => {
                  rows.current[index] = el;
                }}
                value={value}
                placeholder="https://shop.example"
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${inputId}-error` : `${id}-help`}
                onChange={(event) => set(list.map((v, i) => (i === index ? event.target.value : v)))}
                onBlur={field.onBlur}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  // Enter adds a row rather than submitting the form.
                  event.preventDefault();
                  add(index + 1);
                }}
                style={inputStyle}
              />
              <button
                type="button"
                onClick={() => set(list.filter((_, i) => i !== index))}
                aria-label={translate('consign.partners.remove_origin', { n: index + 1 })}
                style={{ font: 'inherit', padding: '0.4rem 0.75rem' }}
              >
                {translate('consign.partners.remove')}
              </button>
              {error && (
                <span id={`${inputId}-error`} role="alert" style={{ color: '#b3261e', flexBasis: '100%' }}>
                  {error}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {list.length === 0 && serverErrors.message && (
        <p role="alert" style={{ color: '#b3261e', margin: '0.5rem 0 0' }}>
          {serverErrors.message}
        </p>
      )}
      <button
        type="button"
        onClick={() => add(list.length)}
        style={{ font: 'inherit', padding: '0.4rem 0.75rem', marginTop: '0.5rem' }}
      >
        {translate('consign.partners.add_origin')}
      </button>
    </fieldset>
  );
}
