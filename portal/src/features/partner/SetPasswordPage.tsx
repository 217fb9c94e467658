import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeError, isApiError } from '../../shared/api/client';
import { homeFor, useAuth } from '../../shared/auth/auth';
import { NewPasswordFields } from '../../shared/auth/NewPasswordFields';
import { withConfirmation } from '../../shared/auth/validation';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';
import { setPassword } from './partner.api';

const schema = withConfirmation({});
type Values = z.input<typeof schema>;

/**
 * The page an invitation email links to (`/set-password?token=…`): the invited person chooses a
 * password, with the sign-up rules, and is signed in and taken to their area.
 */
export function SetPasswordPage() {
  usePageTitle('Choose your password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isValid, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const session = await setPassword(token, password);
      acceptSession(session);
      toast.success('Password set: welcome to Consign', FOR_NEXT_PAGE);
      navigate(homeFor(session.user.role), { replace: true });
    } catch (error) {
      if (isApiError(error, 400) || isApiError(error, 404) || isApiError(error, 410)) {
        setLinkInvalid(true);
      } else if (isApiError(error, 422)) {
        const message = error.problem.errors?.find((e) => e.path.endsWith('password'))?.message;
        if (message) setError('password', { type: 'server', message });
        else if (error.problem.errors?.some((e) => e.path.endsWith('token'))) setLinkInvalid(true);
        else toast.error(describeError(error));
      } else {
        toast.error(describeError(error));
      }
    }
  });

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Choose your password</h1>
        {linkInvalid ? (
          <div className="stack">
            <p className="alert alert--error" role="alert">
              This invitation link is invalid, has expired or has already been used.
            </p>
            <p className="muted">
              Ask the person who invited you for a new invitation, or if you have set your password already,{' '}
              <Link to="/signin">sign in</Link>.
            </p>
          </div>
        ) : (
          <>
            <p className="muted auth-card__lead">
              You have been invited to Consign. Choose a password to sign in.
            </p>
            <form className="stack" onSubmit={onSubmit} noValidate aria-label="Choose your password">
              <NewPasswordFields form={form} passwordLabel="Password" />
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={!isValid || isSubmitting}
              >
                {isSubmitting ? <Spinner label="Saving" /> : 'Set password and sign in'}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
