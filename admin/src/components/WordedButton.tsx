import { useSyncExternalStore } from 'react';
import { Button, type ButtonProps } from 'react-admin';
import { type MessageKey, useT } from '../i18n/keys';

/** The width below which react-admin's Button shows an icon only (MUI's `sm` breakpoint). */
const PHONE = '(max-width: 599.95px)';

function usePhoneWidth() {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const query = window.matchMedia(PHONE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * The smallest width of a dialog's content: 28rem, or the phone's width less the dialog's own
 * margins and padding, so nothing is cut at 320 px.
 */
export const DIALOG_MIN_WIDTH = 'min(28rem, calc(100vw - 112px))';

type WordedButtonProps = Omit<ButtonProps, 'label' | 'children' | 'sx'> & {
  label: MessageKey;
  /** %{placeholders} of the label. */
  labelArgs?: Record<string, unknown>;
};

/**
 * react-admin's Button, which shows only its icon on phones: these buttons have none, so on a
 * phone they show their words instead, at button size.
 */
export function WordedButton({ label, labelArgs, ...props }: WordedButtonProps) {
  const translate = useT();
  const phone = usePhoneWidth();
  return (
    <Button
      {...props}
      label={label}
      sx={phone ? { borderRadius: 1, fontSize: '0.8125rem', fontWeight: 500 } : undefined}
    >
      {phone ? <span>{translate(label, labelArgs)}</span> : undefined}
    </Button>
  );
}
