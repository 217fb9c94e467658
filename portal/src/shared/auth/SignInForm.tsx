import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { PasswordField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { api, describeError, isApiError, type Session } from '../api/client';
import { useAuth } from './auth';
import { GoogleButton } from './GoogleButton';
import { OtpStep } from './OtpStep';
import {
  clearPendingSignUp,
  loadPendingSignUp,
  type PendingSignUp,
  savePendingSignUp,
} from './pendingSignUp';

export interface SignInFormProps {
  /** Called once the session is stored. */
  onSignedIn: (session: Session) => void;
  /** "New User?": show the sign-up form instead. */
  onSwitchToSignUp: () => void;
  /** Called when a link inside the form leaves it (e.g. Forgot Password), so a dialog can close. */
  onLeave?: () => void;
}

export function SignInForm({ onSignedIn, onSwitchToSignUp, onLeave }: SignInFormProps) {
  const { acceptSession } = useAuth();
  // The sign-up the password belonged to, waiting for its code (kept across a reload).
  const [pending, setPending] = useState<PendingSignUp | null>(loadPendingSignUp);
  const [email, setEmail] = useState(() => pending?.email ?? '');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  function finish(session: Session) {
    clearPendingSignUp();
    acceptSession(session);
    onSignedIn(session);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password || submitting) return;
    setSubmitting(true);
    setAlert(null);
    try {
      finish(await api.auth.login({ email: email.trim(), password }));
      return;
    } catch (error) {
      if (isApiError(error, 401)) {
        toast.error('Invalid Credentials');
      } else if (isApiError(error, 403) && error.code === 'email_unverified') {
        toast.info('Your email is not verified yet: we’ve emailed you a 6-digit code');
        const registration = (error.problem as { registration?: unknown }).registration;
        if (typeof registration === 'string') {
          const next = { email: email.trim(), registration };
          savePendingSignUp(next);
          setPending(next);
        }
      } else if (isApiError(error, 429)) {
        setAlert(describeError(error));
      } else {
        toast.error(describeError(error));
      }
    }
    setSubmitting(false);
  }

  if (pending) {
    return (
      <OtpStep
        email={pending.email}
        registration={pending.registration}
        onVerified={finish}
        onClose={() => {
          clearPendingSignUp();
          setPending(null);
          setSubmitting(false);
        }}
      />
    );
  }

  return (
    <div className="stack">
      <GoogleButton text="signin_with" onSession={finish} />
      <form className="stack" onSubmit={submit} noValidate aria-label="Log in">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-autofocus
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="form-aside">
          Forgot Password?{' '}
          <Link to="/reset" onClick={onLeave}>
            Change Now
          </Link>
        </p>
        {alert ? (
          <p className="alert alert--error" role="alert">
            {alert}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!email.trim() || !password || submitting}
        >
          {submitting ? <Spinner label="Signing in" /> : 'Submit'}
        </button>
      </form>
      <p className="form-switch">
        New User?{' '}
        <button type="button" className="link-button" onClick={onSwitchToSignUp}>
          Sign Up
        </button>
      </p>
    </div>
  );
}
