import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { api, describeError, isApiError } from '../../shared/api/client';
import { NewPasswordFields } from '../../shared/auth/NewPasswordFields';
import { withConfirmation } from '../../shared/auth/validation';
import { FOR_NEXT_PAGE } from '../../shared/toasts/pageToasts';

const schema = withConfirmation({});
type Values = z.input<typeof schema>;

export function ResetConfirmPage() {
  usePageTitle('Choose a new password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(false);
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
      await api.auth.confirmPasswordReset({ token, password });
      toast.success('Password updated, please sign in', FOR_NEXT_PAGE);
      navigate('/signin', { replace: true });
    } catch (error) {
      if (isApiError(error, 400)) {
        setLinkInvalid(true);
      } else if (isApiError(error, 422)) {
        const message = error.problem.errors?.find((e) => e.path.endsWith('password'))?.message;
        if (message) setError('password', { type: 'server', message });
        else toast.error(describeError(error));
      } else {
        toast.error(describeError(error));
      }
    }
  });

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Choose a new password</h1>
        {linkInvalid ? (
          <div className="stack">
            <p className="alert alert--error" role="alert">
              This reset link is invalid or has expired
            </p>
            <p>
              <Link to="/reset" className="button button--secondary">
                Request a new link
              </Link>
            </p>
          </div>
        ) : (
          <form className="stack" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
            <NewPasswordFields form={form} passwordLabel="New Password" />
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={!isValid || isSubmitting}
            >
              {isSubmitting ? <Spinner label="Saving" /> : 'Update Password'}
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
