import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and error, wired together with ids so assistive tech reads them in order. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's or a group's error, announced as it appears; nothing when there is none. */
export function FieldError({ id, error }: { id?: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, className, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

type PasswordProps = Omit<InputProps, 'type'>;

/** A password input with a show/hide toggle; the toggle keeps focus order and says what it does. */
export function PasswordField({ label, error, hint, className, ...input }: PasswordProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const labelText = typeof label === 'string' ? label.toLowerCase() : 'password';
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="input-group">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`input${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className="input-group__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${labelText}` : `Show ${labelText}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}

type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={`input input--textarea${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** One `<option>` each, after `children` (which may hold a leading "Choose…" option). */
  options?: readonly SelectOption[];
};

export function SelectField({ label, error, hint, className, children, options, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`input input--select${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M3 3l18 18M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
