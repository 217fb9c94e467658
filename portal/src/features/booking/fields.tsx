import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** A labelled select with hint and error, wired like components/Field's inputs. */
export function SelectField({ label, error, hint, className, children, ...select }: SelectProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`input input--select${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...select}
      >
        {children}
      </select>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A read-only value shown like a field (the country that comes from the quote's route). */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input input--readonly"
        value={value}
        readOnly
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
