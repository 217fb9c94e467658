import { type ReactNode, useEffect, useRef } from 'react';
import type { Role } from '../api/client';
import { useAuthDialogs } from './AuthDialogs';
import { useAuth } from './auth';
import { RequireRole } from './RequireRole';

/**
 * RequireRole that also opens the sign-in dialog by itself, once: booking needs an account, and
 * a visitor who pressed Book Now signed out expects to be asked to sign in, then to come back to
 * the same page (the dialog closes over it, so the query string and the draft are kept).
 */
export function RequireSignIn({
  children,
  what,
  roles,
}: {
  children: ReactNode;
  what: string;
  roles?: Role[];
}) {
  const { status } = useAuth();
  const { openSignIn } = useAuthDialogs();
  const asked = useRef(false);

  useEffect(() => {
    if (status === 'anonymous' && !asked.current) {
      asked.current = true;
      openSignIn();
    }
  }, [status, openSignIn]);

  return (
    <RequireRole what={what} roles={roles} anonymous="prompt">
      {children}
    </RequireRole>
  );
}
