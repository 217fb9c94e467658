import { useId, useRef } from 'react';
import { FieldError } from '../../components/Field';
import { originError } from './origins';

interface OriginsEditorProps {
  value: string[];
  onChange: (next: string[]) => void;
  /** Errors the server gave for rows (by index); the parent drops them once the list is edited. */
  serverErrors?: Record<number, string>;
  /** An error about the whole list (none at all, too many). */
  listError?: string | undefined;
  disabled?: boolean;
}

/**
 * Allowed origins as a list: one labelled input per origin with its remove button, an add
 * button, and Enter in a row adding the next one (instead of submitting). Each row is checked
 * with the server's rule as it is typed; a refused save's message shows under the row it names.
 */
export function OriginsEditor({
  value,
  onChange,
  serverErrors = {},
  listError,
  disabled,
}: OriginsEditorProps) {
  const id = useId();
  const rows = useRef<(HTMLInputElement | null)[]>([]);

  const add = (at: number) => {
    onChange([...value.slice(0, at), '', ...value.slice(at)]);
    // The new row exists after the parent re-renders.
    requestAnimationFrame(() => rows.current[at]?.focus());
  };
  const remove = (at: number) => {
    onChange(value.filter((_, i) => i !== at));
    requestAnimationFrame(() => {
      const next = rows.current[Math.min(at, value.length - 2)];
      if (next) next.focus();
      else document.getElementById(`${id}-add`)?.focus();
    });
  };

  return (
    <fieldset className="origins" aria-describedby={`${id}-help`} disabled={disabled}>
      <legend className="field__label">Allowed origins</legend>
      <p className="field__hint" id={`${id}-help`}>
        The sites your widget runs on: scheme and host, with an optional port or :* for any port, such as
        https://shop.example or http://localhost:*. Press Enter to add another.
      </p>
      <ul className="origins__list">
        {value.map((origin, index) => {
          const error = originError(origin) ?? serverErrors[index];
          const inputId = `${id}-${index}`;
          return (
            // Rows are positions in the list; a row's identity is its index.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="origins__row">
              <label htmlFor={inputId} className="visually-hidden">
                Allowed origin {index + 1}
              </label>
              <input
                id={inputId}
                ref={(el) => {
                  rows.current[index] = el;
                }}
                className="input origins__input"
                value={origin}
                inputMode="url"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="https://shop.example"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(event) => onChange(value.map((v, i) => (i === index ? event.target.value : v)))}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  add(index + 1);
                }}
              />
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Remove allowed origin ${index + 1}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
              <div className="origins__error">
                <FieldError id={`${inputId}-error`} error={error} />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError error={listError} />
      <button
        id={`${id}-add`}
        type="button"
        className="button button--secondary button--small"
        onClick={() => add(value.length)}
      >
        Add origin
      </button>
    </fieldset>
  );
}
