import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { api, describeError, isApiError, type Session, type SignUpRole } from '../api/client';
import { FOR_NEXT_PAGE } from '../toasts/pageToasts';
import { useAuth } from './auth';
import { GoogleButton } from './GoogleButton';
import { NewPasswordFields } from './NewPasswordFields';
import { OtpStep } from './OtpStep';
import {
  clearPendingSignUp,
  loadPendingSignUp,
  type PendingSignUp,
  savePendingSignUp,
} from './pendingSignUp';
import { emailSchema, withConfirmation } from './validation';

export interface SignUpFormProps {
  /** 'page' (/signup) has the terms checkbox; the dialog states the terms instead. */
  variant: 'page' | 'dialog';
  /** The choice preselected: a courier sign-up link opens with the business choice ticked. */
  initialRole?: SignUpRole;
  /** No "Register as" choice: a customer account (the widget's checkout). */
  customerOnly?: boolean;
  /**
   * Called once the session is stored: `verified` after the email code (a new account),
   * `google` after a Google sign-in (which may be an existing account).
   */
  onSignedUp: (session: Session, via: 'verified' | 'google') => void;
  /** "Already have an account?": show the sign-in form instead. */
  onSwitchToSignIn: () => void;
  /** Called when a link inside the form leaves it (e.g. the terms), so a dialog can close. */
  onLeave?: () => void;
}

const pageSchema = withConfirmation({
  role: z.enum(['customer', 'vendor']),
  email: emailSchema,
  terms: z.boolean().refine((ticked) => ticked, 'Please accept the Terms and Conditions'),
});

const dialogSchema = withConfirmation({
  role: z.enum(['customer', 'vendor']),
  email: emailSchema,
  terms: z.boolean(),
});

type Values = z.input<typeof pageSchema>;
const FIELDS = ['email', 'password', 'confirmPassword'] as const;

export function SignUpForm({
  variant,
  initialRole = 'customer',
  customerOnly = false,
  onSignedUp,
  onSwitchToSignIn,
  onLeave,
}: SignUpFormProps) {
  const { acceptSession } = useAuth();
  // A reload on the code step comes back to it, with the sign-up's handle.
  const [otpFor, setOtpFor] = useState<PendingSignUp | null>(loadPendingSignUp);
  const form = useForm<Values>({
    resolver: zodResolver(variant === 'page' ? pageSchema : dialogSchema),
    mode: 'onTouched',
    defaultValues: { role: initialRole, email: '', password: '', confirmPassword: '', terms: false },
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const role = watch('role');

  function finish(session: Session) {
    clearPendingSignUp();
    acceptSession(session);
    toast.success('Registration Successful', FOR_NEXT_PAGE);
    onSignedUp(session, 'verified');
  }

  const onSubmit = handleSubmit(async ({ email, password, role }) => {
    const address = email.trim();
    try {
      const { registration } = await api.auth.signup({ email: address, password, role });
      toast.success('We’ve emailed you a 6-digit code');
      const pending = { email: address, registration, role };
      savePendingSignUp(pending);
      setOtpFor(pending);
    } catch (error) {
      // The API answers an existing email like a new one (and mails its owner), so nobody can
      // probe which emails have accounts; there is no "already exists" answer to show.
      if (isApiError(error, 422) && error.problem.errors?.length) {
        let placed = false;
        for (const fieldError of error.problem.errors) {
          const field = FIELDS.find(
            (name) => fieldError.path === name || fieldError.path.endsWith(`.${name}`),
          );
          if (field) {
            setError(field, { type: 'server', message: fieldError.message });
            placed = true;
          }
        }
        if (!placed) toast.error(describeError(error));
      } else {
        toast.error(describeError(error));
      }
    }
  });

  if (otpFor) {
    return (
      <OtpStep
        email={otpFor.email}
        registration={otpFor.registration}
        onVerified={finish}
        onClose={() => {
          clearPendingSignUp();
          setOtpFor(null);
        }}
      />
    );
  }

  return (
    <div className="stack">
      <GoogleButton
        text="signup_with"
        role={role}
        onSession={(session) => {
          // Google may sign in an existing account, so no "Registration Successful" here.
          acceptSession(session);
          onSignedUp(session, 'google');
        }}
      />
      {/* form--steady: errors shown on blur do not move the fields below (the terms tick box). */}
      <form className="stack form--steady" onSubmit={onSubmit} noValidate aria-label="Sign up">
        <fieldset className="choice" hidden={customerOnly}>
          <legend className="field__label">Register as</legend>
          <div className="choice__options">
            <label className="choice__option">
              <input type="radio" value="customer" {...register('role')} />
              <span className="choice__title">I send parcels</span>
              <span className="choice__text">Compare quotes, book and track deliveries</span>
            </label>
            <label className="choice__option">
              <input type="radio" value="vendor" {...register('role')} />
              <span className="choice__title">I run a courier business</span>
              <span className="choice__text">Publish your services and take orders and jobs</span>
            </label>
          </div>
        </fieldset>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          data-autofocus
          {...register('email')}
        />
        <NewPasswordFields form={form} passwordLabel="Password" />
        {variant === 'page' ? (
          <div className="field">
            <div className={`checkbox${errors.terms ? ' checkbox--invalid' : ''}`}>
              <input
                id="signup-terms"
                type="checkbox"
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
                {...register('terms')}
              />
              <label htmlFor="signup-terms">
                I agree to the{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  Terms and Conditions
                </Link>
              </label>
            </div>
            {errors.terms ? (
              <p className="field__error" id="signup-terms-error" role="alert">
                {errors.terms.message}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="form-aside">
            By registering you agree to the{' '}
            <Link to="/terms" onClick={onLeave}>
              Terms and Conditions
            </Link>
            .
          </p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          // Never greyed out for a reason it does not say: a click names each problem at its field.
          disabled={isSubmitting}
        >
          {isSubmitting ? <Spinner label="Registering" /> : 'Register'}
        </button>
      </form>
      <p className="form-switch">
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={onSwitchToSignIn}>
          Log in instead
        </button>
      </p>
    </div>
  );
}
