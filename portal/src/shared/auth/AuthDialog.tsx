import { Modal } from '../../components/Modal';
import type { Session, SignUpRole } from '../api/client';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type DialogKind = 'signin' | 'signup';

/** The sign-in or sign-up dialog; loaded on first use by AuthDialogs. */
export function AuthDialog({
  kind,
  signUpRole,
  customerOnly = false,
  onClose,
  onSignIn,
  onSignUp,
  onSignedIn,
  onSignedUp,
}: {
  kind: DialogKind;
  signUpRole: SignUpRole;
  customerOnly?: boolean;
  onClose: () => void;
  onSignIn: () => void;
  onSignUp: () => void;
  onSignedIn: (session: Session) => void;
  onSignedUp: (session: Session, via: 'verified' | 'google') => void;
}) {
  return kind === 'signin' ? (
    <Modal key="signin" title="Log In" onClose={onClose}>
      <SignInForm onSignedIn={onSignedIn} onSwitchToSignUp={onSignUp} onLeave={onClose} />
    </Modal>
  ) : (
    <Modal key="signup" title="Sign Up" onClose={onClose}>
      <SignUpForm
        variant="dialog"
        initialRole={signUpRole}
        customerOnly={customerOnly}
        onSignedUp={onSignedUp}
        onSwitchToSignIn={onSignIn}
        onLeave={onClose}
      />
    </Modal>
  );
}
