import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { Modal } from '../../components/Modal';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type DialogKind = 'signin' | 'signup';

export interface AuthDialogs {
  openSignIn: () => void;
  openSignUp: () => void;
  close: () => void;
}

const AuthDialogsContext = createContext<AuthDialogs | null>(null);

/**
 * Sign-in and sign-up as modal dialogs over whatever page is showing. After signing in the
 * dialog closes and the user stays where they were. Must sit inside the router (the forms link).
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<DialogKind | null>(null);
  const openSignIn = useCallback(() => setOpen('signin'), []);
  const openSignUp = useCallback(() => setOpen('signup'), []);
  const close = useCallback(() => setOpen(null), []);
  const value = useMemo(() => ({ openSignIn, openSignUp, close }), [openSignIn, openSignUp, close]);

  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {open === 'signin' ? (
        <Modal key="signin" title="Log In" onClose={close}>
          <SignInForm onSignedIn={close} onSwitchToSignUp={openSignUp} onLeave={close} />
        </Modal>
      ) : null}
      {open === 'signup' ? (
        <Modal key="signup" title="Sign Up" onClose={close}>
          <SignUpForm variant="dialog" onSignedUp={close} onSwitchToSignIn={openSignIn} onLeave={close} />
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
