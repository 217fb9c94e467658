import type { ReactNode } from 'react';
import { Spinner } from '../components/Spinner';
import { useAuthDialogs } from '../features/auth/AuthDialogs';
import type { Role } from './api';
import { useAuth } from './auth';

interface RequireAuthProps {
  children: ReactNode;
  /** Only these roles may see the page; others get an explanation, not a redirect loop. */
  roles?: Role[];
  /** What the page is, for the messages ("your dashboard"). */
  what: string;
}

/** Shows its children to a signed-in user; asks anyone else to log in, in place. */
export function RequireAuth({ children, roles, what }: RequireAuthProps) {
  const { status, user } = useAuth();
  const { openSignIn } = useAuthDialogs();

  if (status === 'loading') {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Checking your session" />
      </div>
    );
  }

  if (status !== 'authenticated' || !user) {
    return (
      <section className="container page narrow">
        <div className="card empty-state">
          <h1>Please log in</h1>
          <p className="muted">You need to be signed in to see {what}.</p>
          <button type="button" className="button button--primary" onClick={() => openSignIn()}>
            Log In
          </button>
        </div>
      </section>
    );
  }

  if (roles && !roles.includes(user.role)) {
    return (
      <section className="container page narrow">
        <div className="card empty-state">
          <h1>Not available for this account</h1>
          <p className="muted">
            {what.charAt(0).toUpperCase() + what.slice(1)} is only available to {roles.join(' or ')} accounts.
          </p>
        </div>
      </section>
    );
  }

  return <>{children}</>;
}
