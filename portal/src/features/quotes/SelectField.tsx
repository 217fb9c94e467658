import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
};

/** A labelled select in the same shell as components/Field's inputs (label, hint, error). */
export function SelectField({ label, error, hint, className, children, ...select }: SelectProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`input input--select${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
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
