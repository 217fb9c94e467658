import { isValidEmail } from '@consign/shared/accounts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { api, describeError } from '../../shared/api/client';
import { messages } from '../../shared/auth/validation';

export function ResetRequestPage() {
  usePageTitle('Reset password');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const trimmed = email.trim();
  const valid = isValidEmail(trimmed);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await api.auth.requestPasswordReset({ email: trimmed });
      setSent(true);
    } catch (error) {
      // The reference product swallowed failures here; say what happened instead.
      setFailure(describeError(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Reset Password</h1>
        {sent ? (
          <div className="stack" role="status">
            <p className="alert alert--success">
              Please check your Registered email password link is sent on that
            </p>
            <p className="muted">
              If an account exists for <strong className="break-all">{trimmed}</strong>, the email contains a
              link to choose a new password. The link works once and expires soon.
            </p>
          </div>
        ) : (
          <form className="stack" onSubmit={submit} noValidate aria-label="Reset password">
            <p className="muted">
              Enter the email you registered with and we will send you a link to set a new password.
            </p>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && trimmed && !valid ? messages.invalidEmail : undefined}
            />
            {failure ? (
              <p className="alert alert--error" role="alert">
                {failure}
              </p>
            ) : null}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={!valid || sending}
            >
              {sending ? <Spinner label="Sending reset link" /> : 'Reset Password'}
            </button>
          </form>
        )}
        <p className="auth-card__footer">
          <Link to="/signin">Return to login</Link>
        </p>
      </div>
    </section>
  );
}
