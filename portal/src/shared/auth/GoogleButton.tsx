import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { api, describeError, type Session, type SignUpRole } from '../api/client';
import { useAuthMeta } from '../api/meta';

const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface CredentialResponse {
  credential: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: CredentialResponse) => void;
        ux_mode?: 'popup' | 'redirect';
        auto_select?: boolean;
        cancel_on_tap_outside?: boolean;
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with';
          shape?: 'rectangular' | 'pill';
          width?: number;
          logo_alignment?: 'left' | 'center';
        },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptPromise: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once, and only when the API says Google sign-in is configured. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  if (!scriptPromise) {
    scriptPromise = new Promise<GoogleIdentity>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = GIS_SRC;
      script.async = true;
      script.defer = true;
      script.onload = () =>
        window.google ? resolve(window.google) : reject(new Error('Google script loaded empty'));
      script.onerror = () => {
        scriptPromise = null;
        script.remove();
        reject(new Error('Could not load Google sign-in'));
      };
      document.head.appendChild(script);
    });
  }
  return scriptPromise;
}

interface GoogleButtonProps {
  text: 'signin_with' | 'signup_with' | 'continue_with';
  /** Role for an account Google sign-in creates; ignored by the API for existing accounts. */
  role?: SignUpRole;
  onSession: (session: Session) => void;
}

/**
 * "Continue with Google": renders Google's own button and exchanges the ID token it yields for a
 * Consign session. Renders nothing at all when the API has no Google client configured.
 */
export function GoogleButton({ text, role, onSession }: GoogleButtonProps) {
  const meta = useAuthMeta();
  const clientId = meta.data?.googleClientId ?? null;
  const containerRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ role, onSession });
  latest.current = { role, onSession };

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: async ({ credential }) => {
            setBusy(true);
            try {
              const session = await api.auth.google({ idToken: credential, role: latest.current.role });
              latest.current.onSession(session);
            } catch (error) {
              toast.error(describeError(error));
            } finally {
              setBusy(false);
            }
          },
        });
        container.replaceChildren();
        google.accounts.id.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, container.clientWidth || 320)),
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn(error);
        setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  if (!clientId || failed) return null;

  return (
    <div className="social-signin" aria-busy={busy}>
      <div ref={containerRef} className="social-signin__button" />
      <div className="divider" role="separator">
        <span>or</span>
      </div>
    </div>
  );
}
