import { Navigate, useNavigate } from 'react-router';
import { homeFor, useAuth } from '../../app/auth';
import { usePageTitle } from '../../components/usePageTitle';
import { SignUpForm } from './SignUpForm';

export function SignUpPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const { status, user } = useAuth();

  if (status === 'authenticated' && user) return <Navigate to={homeFor(user.role)} replace />;

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Sign Up</h1>
        <p className="muted auth-card__lead">
          Create a free account to book deliveries, or register your courier business.
        </p>
        <SignUpForm
          variant="page"
          onSignedUp={(session) => navigate(homeFor(session.user.role), { replace: true })}
          onSwitchToSignIn={() => navigate('/signin')}
        />
      </div>
    </section>
  );
}
