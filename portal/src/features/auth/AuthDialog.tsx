import { Modal } from '../../components/Modal';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type DialogKind = 'signin' | 'signup';

/** The sign-in or sign-up dialog; loaded on first use by AuthDialogs. */
export function AuthDialog({
  kind,
  onClose,
  onSignIn,
  onSignUp,
}: {
  kind: DialogKind;
  onClose: () => void;
  onSignIn: () => void;
  onSignUp: () => void;
}) {
  return kind === 'signin' ? (
    <Modal key="signin" title="Log In" onClose={onClose}>
      <SignInForm onSignedIn={onClose} onSwitchToSignUp={onSignUp} onLeave={onClose} />
    </Modal>
  ) : (
    <Modal key="signup" title="Sign Up" onClose={onClose}>
      <SignUpForm variant="dialog" onSignedUp={onClose} onSwitchToSignIn={onSignIn} onLeave={onClose} />
    </Modal>
  );
}
