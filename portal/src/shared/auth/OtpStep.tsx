import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { api, describeError, isApiError, type Session } from '../api/client';

interface OtpStepProps {
  email: string;
  /** The sign-up's handle (pendingSignUp.ts): the code is checked against this sign-up only. */
  registration: string;
  /** Called with the session the API answers for a correct code. */
  onVerified: (session: Session) => void;
  /** Leaves the code step (back to the form). */
  onClose: () => void;
}

/** "Enter your code": one code field, Verify, Resend code and Cancel (closes the step). */
export function OtpStep({ email, registration, onVerified, onClose }: OtpStepProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendStatus, setResendStatus] = useState<string | null>(null);

  async function verify(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || verifying) return;
    setVerifying(true);
    setProblem(null);
    try {
      const session = await api.auth.verifyEmail({ email, code: trimmed, registration });
      onVerified(session);
    } catch (error) {
      // A code mailed for another sign-up of this address: say which code to use, where it stays.
      if (isApiError(error, 400) && error.problem.code === 'code_for_other_signup') {
        setProblem(describeError(error));
      } else if (isApiError(error, 400)) setProblem('That code is wrong or has expired');
      else toast.error(describeError(error));
      setVerifying(false);
    }
  }

  async function resend() {
    setResending(true);
    setResendStatus(null);
    try {
      await api.auth.resendOtp({ email, registration });
      setResendStatus('Code sent');
    } catch (error) {
      setResendStatus(describeError(error));
    } finally {
      setResending(false);
    }
  }

  return (
    <form className="stack" onSubmit={verify} noValidate aria-label="Enter your code">
      <div className="otp-intro">
        <h3 className="form-subtitle">Enter your code</h3>
        <p className="muted">
          We sent a 6-digit code to <strong className="break-all">{email}</strong>. It expires after a few
          minutes.
        </p>
      </div>
      <TextField
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={12}
        className="input--otp"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\s+/g, ''))}
        error={problem ?? undefined}
        data-autofocus
        autoFocus
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!code.trim() || verifying}
      >
        {verifying ? <Spinner label="Verifying" /> : 'Verify'}
      </button>
      <div className="row row--between">
        <button type="button" className="link-button" onClick={resend} disabled={resending}>
          {resending ? 'Sending…' : 'Resend code'}
        </button>
        <button type="button" className="link-button" onClick={onClose}>
          Cancel
        </button>
      </div>
      <p className="form-status" role="status" aria-live="polite">
        {resendStatus}
      </p>
    </form>
  );
}
