import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';

type CopyState = 'idle' | 'copied' | 'failed';

interface OneTimeSecretProps {
  /** "Your new secret key", "Your webhook signing secret". */
  title: string;
  secret: string;
  /** What the secret is for, in a sentence. */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * A secret the server shows once (a secret key, a webhook signing secret): in a dialog with a
 * copy button and a plain warning that it cannot be shown again. Where the clipboard is refused
 * (an insecure origin, a denied permission) the text is selected for the person to copy.
 */
export function OneTimeSecret({ title, secret, children, onClose }: OneTimeSecretProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    // "Copied" goes back to "Copy" so a second copy is acknowledged too.
    const timer = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copySecret() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      field.current?.select();
      setCopy('failed');
    }
  }

  return (
    <Modal title={title} onClose={onClose} size="md">
      <div className="stack one-time-secret">
        <p className="alert alert--info" role="note" id={`${id}-warning`}>
          <strong>Copy it now: this is the only time it is shown.</strong> Consign never shows it again (a
          secret key is kept only as a hash, a signing secret only encrypted). If you lose it, make a new one.
        </p>
        {children}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-secret`}>
            Secret
          </label>
          <div className="one-time-secret__row">
            <input
              id={`${id}-secret`}
              ref={field}
              className="input one-time-secret__value"
              readOnly
              value={secret}
              aria-describedby={`${id}-warning`}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
              data-autofocus
            />
            <button type="button" className="button button--primary" onClick={() => void copySecret()}>
              {copy === 'copied' ? 'Copied' : 'Copy'}
            </button>
          </div>
          <p className="field__hint" role="status">
            {copy === 'copied'
              ? 'Copied to the clipboard.'
              : copy === 'failed'
                ? 'Your browser did not allow copying: the secret is selected, press Ctrl+C (or ⌘C) to copy it.'
                : ''}
          </p>
        </div>
        <div className="row partner-end">
          <button type="button" className="button button--secondary" onClick={onClose}>
            I have stored it safely
          </button>
        </div>
      </div>
    </Modal>
  );
}
