import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner';
import type { Role } from '../api/client';
import { useAuthDialogs } from './AuthDialogs';
import { dashboardFor, useAuth } from './auth';

interface RequireRoleProps {
  children: ReactNode;
  /** Only these roles may see the page; any signed-in user when absent. */
  roles?: Role[];
  /** What the page is, for the messages ("your dashboard"). */
  what: string;
  /**
   * What a signed-out visitor gets: sent to /signin and back ('redirect'), or asked to log in
   * in place ('prompt'), for pages whose state lives in this page load (a booking in progress).
   */
  anonymous?: 'redirect' | 'prompt';
}

const ROLE_NAMES: Record<Role, string> = {
  customer: 'customer',
  vendor: 'courier business',
  partner: 'partner shop',
  admin: 'staff',
};

/** `/signin?next=…` for the page being opened, so signing in returns there. */
export function signInPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `/signin?next=${encodeURIComponent(next)}`;
}

/**
 * The one guard of the portal's own pages. Signed-out visitors are sent to sign in and brought
 * back afterwards; a signed-in account of another role is told why the page is not for it and
 * where its own dashboard is (no redirect, so nobody loops between two guarded pages).
 */
export function RequireRole({ children, roles, what, anonymous = 'redirect' }: RequireRoleProps) {
  const { status, user } = useAuth();
  const location = useLocation();
  const { openSignIn } = useAuthDialogs();

  if (status === 'loading') {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Checking your session" />
      </div>
    );
  }

  if (status !== 'authenticated' || !user) {
    if (anonymous === 'redirect') return <Navigate to={signInPathFor(location)} replace />;
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
            {what.charAt(0).toUpperCase() + what.slice(1)} is only for{' '}
            {roles.map((r) => ROLE_NAMES[r]).join(' or ')} accounts. You are signed in as {user.email}, a{' '}
            {ROLE_NAMES[user.role]} account.
          </p>
          {user.role === 'admin' ? (
            // The admin console is a separate app, so a full page load.
            <a href="/admin/" className="button button--primary">
              Go to the admin console
            </a>
          ) : (
            <Link to={dashboardFor(user.role)} className="button button--primary">
              Go to your dashboard
            </Link>
          )}
        </div>
      </section>
    );
  }

  return <>{children}</>;
}

/**
 * Where a sign-in page sends someone afterwards: the `next` it was given when that is a path on
 * this site (never another origin), else the role's home.
 */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/^\/(signin|signup)(\/|\?|$)/.test(next)) return null;
  return next;
}
