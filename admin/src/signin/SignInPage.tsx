import { type FormEvent, useId, useState } from 'react';
import './signin.css';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInPageProps {
  /** Signs in; a rejection's message is shown above the form. */
  onSubmit: (credentials: Credentials) => Promise<unknown>;
  /** Shown before any attempt (a customer's session found on this origin, Consign unreachable). */
  notice?: string;
}

/** The Consign "C" parcel mark. */
function ConsignMark() {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" fill="currentColor">
      <path d="M12 2 3 6.5v11L12 22l9-4.5v-11L12 2zm0 2.2 6.6 3.3L12 10.8 5.4 7.5 12 4.2zM5 9.1l6 3v7.7l-6-3V9.1zm8 10.7v-7.7l6-3v7.7l-6 3z" />
    </svg>
  );
}

/**
 * Staff sign-in, in plain React on purpose: it is the first thing every visit without a session
 * shows, so it must not wait for react-admin and Material UI (main.tsx loads the console only
 * once there is a session). The console shows the same form when a session ends (App.tsx).
 */
export function SignInPage({ onSubmit, notice }: SignInPageProps) {
  const [error, setError] = useState<string | undefined>(notice);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({
        email: String(data.get('email') ?? ''),
        password: String(data.get('password') ?? ''),
      });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Sign-in failed. Try again.');
      setBusy(false);
    }
  }

  return (
    <main className="signin">
      <form className="signin-card" onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
        <span className="signin-mark">
          <ConsignMark />
        </span>
        <h1>Consign admin</h1>
        <p className="signin-lead">For Consign staff. Sign in with your staff account.</p>
        {error && (
          <p id={`${id}-error`} className="signin-error" role="alert">
            {error}
          </p>
        )}
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="username" required />
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
