import { Link, Navigate, useNavigate } from 'react-router';
import { homeFor, useAuth } from '../../app/auth';
import { usePageTitle } from '../../components/usePageTitle';
import { SignInForm } from './SignInForm';

export function SignInPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const { status, user } = useAuth();

  // Someone already signed in (e.g. restored from the cookie) has nothing to do here.
  if (status === 'authenticated' && user) return <Navigate to={homeFor(user.role)} replace />;

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Log In</h1>
        <p className="muted auth-card__lead">Welcome back. Sign in to book and track your parcels.</p>
        <SignInForm
          onSignedIn={(session) => navigate(homeFor(session.user.role), { replace: true })}
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
