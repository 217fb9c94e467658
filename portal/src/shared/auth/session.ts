import { createRefreshClient, REFRESH_LEAD_MS } from '@consign/shared/session';
import {
  type ApiClient,
  api,
  createPortalClient,
  networkFetch,
  type Session,
  type User,
} from '../api/client';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthSnapshot {
  status: AuthStatus;
  user: User | null;
}

/** Before the session is restored: what the prerendered pages were rendered with. */
export const RESTORING: AuthSnapshot = { status: 'loading', user: null };

const MIN_REFRESH_DELAY_MS = 5_000;
const RETRY_AFTER_NETWORK_ERROR_MS = 30_000;
const CHANNEL = 'consign-auth';

/**
 * Holds the signed-in session outside React so every caller shares one access token and one
 * refresh at a time. The access token lives only in memory; the refresh token lives in the
 * httpOnly cookie the API sets, so nothing secret is ever written to storage.
 */
export class SessionStore {
  private snapshot: AuthSnapshot = RESTORING;
  private accessToken: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<() => void>();
  private bootstrapped = false;
  private active = false;
  private expiresAt = 0;
  private channel: BroadcastChannel | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AuthSnapshot => this.snapshot;

  getAccessToken = (): string | null => this.accessToken;

  /** Starts timers and restores the session from the refresh cookie (once per store). */
  start(): void {
    this.active = true;
    if (typeof BroadcastChannel !== 'undefined' && !this.channel) {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent) => {
        // Another tab signed out: its logout revoked the cookie, so this tab's token is orphaned.
        if (event.data === 'signed-out' && this.snapshot.status === 'authenticated') this.clear();
        // Another tab signed in: the shared cookie now holds a session this tab can pick up.
        if (event.data === 'signed-in' && this.snapshot.status === 'anonymous')
          void this.refresh().catch(() => null);
      };
    }
    if (!this.bootstrapped) {
      this.bootstrapped = true;
      void this.refresh().catch(() => this.clear());
    } else if (this.accessToken) {
      this.schedule();
    }
  }

  stop(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.channel?.close();
    this.channel = null;
  }

  accept = (session: Session): void => {
    this.accessToken = session.accessToken;
    this.expiresAt = Date.now() + session.expiresIn * 1000;
    this.set({ status: 'authenticated', user: session.user });
    this.schedule();
  };

  /** A session from an explicit sign-in (login, code, Google): also tells the other tabs. */
  signIn = (session: Session): void => {
    this.accept(session);
    this.channel?.postMessage('signed-in');
  };

  updateUser = (user: User): void => {
    if (this.snapshot.status === 'authenticated') this.set({ status: 'authenticated', user });
  };

  clear = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.accessToken = null;
    this.expiresAt = 0;
    this.set({ status: 'anonymous', user: null });
  };

  /** The one refresh client the console uses too (one request at a time, one lock across tabs). */
  private readonly refresher = createRefreshClient<Session, Session | null>({
    credentials: 'include',
    settle: (session) => {
      if (session) this.accept(session);
      else this.clear();
      return session;
    },
  });

  /**
   * Exchanges the refresh cookie for a new session. Resolves null when there is no valid
   * session (204, 401, 400); rejects when the API could not answer (offline, 5xx).
   */
  refresh = (): Promise<Session | null> => this.refresher.refresh();

  /**
   * The signed-in client's fetch: sends the access token and, on a 401, refreshes the session
   * once and sends the request again with the new token. A failed refresh leaves the 401 answer.
   */
  authFetch = async (request: Request): Promise<Response> => {
    await this.refresher.pending()?.catch(() => null);
    const retry = request.clone();
    const response = await networkFetch(withToken(request, this.accessToken));
    if (response.status !== 401) return response;
    const session = await this.refresh().catch(() => null);
    if (!session) return response;
    return networkFetch(withToken(retry, session.accessToken));
  };

  /** The typed client of the calls that need a signed-in user. */
  readonly client: ApiClient = createPortalClient(this.authFetch);

  signOut = async (): Promise<void> => {
    try {
      await api.auth.logout(this.accessToken);
    } catch {
      // The session is dropped locally whatever the API says; an unreachable API must not trap the user.
    }
    this.clear();
    this.channel?.postMessage('signed-out');
  };

  private set(next: AuthSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private schedule(delay = this.expiresAt - Date.now() - REFRESH_LEAD_MS): void {
    clearTimeout(this.timer);
    if (!this.active || !this.accessToken) return;
    this.timer = setTimeout(() => void this.backgroundRefresh(), Math.max(MIN_REFRESH_DELAY_MS, delay));
  }

  private async backgroundRefresh(): Promise<void> {
    const wasSignedIn = this.snapshot.status === 'authenticated';
    try {
      const session = await this.refresh();
      // Loaded only when needed: the toast library is not part of the first download.
      if (!session && wasSignedIn)
        void import('react-toastify').then(({ toast }) =>
          toast.info('Your session has ended, please sign in again'),
        );
    } catch {
      // Offline for now: try again while the current token is still good.
      if (Date.now() < this.expiresAt) this.schedule(RETRY_AFTER_NETWORK_ERROR_MS);
      else this.clear();
    }
  }
}

function withToken(request: Request, token: string | null): Request {
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}
