import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Session, SignUpRole } from '../../app/api';
import { afterSignUpPath, homeFor } from '../../app/auth';
import { Modal } from '../../components/Modal';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type DialogKind = 'signin' | 'signup';

export interface AuthDialogs {
  openSignIn: () => void;
  /** Opens sign-up; with 'vendor' the courier business choice is ticked. */
  openSignUp: (role?: SignUpRole) => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/**
 * Sign-in and sign-up as modal dialogs over whatever page is showing. After signing in the
 * dialog closes; a customer stays where they were, a vendor goes to the vendor dashboard, and a
 * new courier to its business details form. Must sit inside the router (the forms link).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<DialogKind | null>(null);
  const [signUpRole, setSignUpRole] = useState<SignUpRole>('customer');
  const openSignIn = useCallback(() => setOpen('signin'), []);
  const openSignUp = useCallback((role: SignUpRole = 'customer') => {
    setSignUpRole(role);
    setOpen('signup');
  }, []);
  const close = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ openSignIn, openSignUp, close }), [openSignIn, openSignUp, close]);

  function signedIn(session: Session) {
    close();
    if (session.user.role === 'vendor') navigate(homeFor('vendor'));
  }

  function signedUp(session: Session, via: 'verified' | 'google') {
    close();
    const next = afterSignUpPath(session.user.role, via);
    if (next) navigate(next);
  }

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open === 'signin' ? (
        <Modal key="signin" title="Log In" onClose={close}>
          <SignInForm onSignedIn={signedIn} onSwitchToSignUp={() => openSignUp()} onLeave={close} />
        </Modal>
      ) : null}
      {open === 'signup' ? (
        <Modal key="signup" title="Sign Up" onClose={close}>
          <SignUpForm
            variant="dialog"
            initialRole={signUpRole}
            onSignedUp={signedUp}
            onSwitchToSignIn={openSignIn}
            onLeave={close}
          />
        </Modal>
      ) : null}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogs {
  const context = useContext(AuthDialogsContext);
  if (!context) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return context;
}
