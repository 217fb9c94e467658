import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { homeFor, useAuth } from '../../shared/auth/auth';
import { safeNextPath } from '../../shared/auth/RequireRole';
import { SignInForm } from '../../shared/auth/SignInForm';

export function SignInPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const { status, user } = useAuth();
  // Set by a guarded page the visitor was opening: go back there once signed in.
  const next = safeNextPath(useSearchParams()[0].get('next'));

  // Someone already signed in (e.g. restored from the cookie) has nothing to do here.
  if (status === 'authenticated' && user) return <Navigate to={next ?? homeFor(user.role)} replace />;

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Log In</h1>
        <p className="muted auth-card__lead">
          {next
            ? 'Please sign in to continue to the page you were opening.'
            : 'Welcome back. Sign in to book and track your parcels.'}
        </p>
        <SignInForm
          onSignedIn={(session) => navigate(next ?? homeFor(session.user.role), { replace: true })}
          onSwitchToSignUp={() => navigate('/signup')}
        />
        <p className="auth-card__footer muted">
          Trouble signing in? <Link to="/reset">Reset your password</Link> or{' '}
          <Link to="/signup">create an account</Link>.
        </p>
      </div>
    </section>
  );
}
