import { useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { afterSignUpPath, homeFor, useAuth } from '../../shared/auth/auth';
import { SignUpForm } from '../../shared/auth/SignUpForm';

export function SignUpPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const { status, user } = useAuth();
  // /signup?as=vendor: the header's and home page's courier sign-up links.
  const asVendor = useSearchParams()[0].get('as') === 'vendor';

  // Set as the new account's session arrives, so that its own destination wins over the
  // "already signed in" redirect below.
  const signedUp = useRef(false);

  if (status === 'authenticated' && user && !signedUp.current)
    return <Navigate to={homeFor(user.role)} replace />;

  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-card__title">Sign Up</h1>
        <p className="muted auth-card__lead">
          Create a free account to book deliveries, or register your courier business.
        </p>
        <SignUpForm
          variant="page"
          initialRole={asVendor ? 'vendor' : 'customer'}
          onSignedUp={(session, via) => {
            signedUp.current = true;
            navigate(afterSignUpPath(session.user.role, via) ?? homeFor(session.user.role), {
              replace: true,
            });
          }}
          onSwitchToSignIn={() => navigate('/signin')}
        />
      </div>
    </section>
  );
}
