import {
  type ApiClient,
  api,
  createPortalClient,
  isApiError,
  NETWORK_ERROR_STATUS,
  networkFetch,
  type Session,
  type User,
} from './api';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthSnapshot {
  status: AuthStatus;
  user: User | null;
}

/** Refresh this long before the access token expires, so calls never race the expiry. */
const REFRESH_LEAD_MS = 60_000;
const MIN_REFRESH_DELAY_MS = 5_000;
const RETRY_AFTER_NETWORK_ERROR_MS = 30_000;
const REFRESH_LOCK = 'consign-auth-refresh';
const CHANNEL = 'consign-auth';

/**
 * Holds the signed-in session outside React so every caller shares one access token and one
 * refresh at a time. The access token lives only in memory; the refresh token lives in the
 * httpOnly cookie the API sets, so nothing secret is ever written to storage.
 */
export class SessionStore {
  private snapshot: AuthSnapshot = { status: 'loading', user: null };
  private accessToken: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<Session | null> | null = null;
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

  /**
   * Exchanges the refresh cookie for a new session. Concurrent callers share one request, and
   * tabs take turns through a Web Lock: the API rotates refresh tokens and treats a reused one
   * as theft, so two refreshes with the same cookie would sign the user out everywhere.
   * Resolves null when there is no valid session (401/400); rejects on network failure.
   */
  refresh = (): Promise<Session | null> => {
    if (!this.inflight) {
      const run = async (): Promise<Session | null> => {
        try {
          const session = await api.auth.refresh();
          if (!session) {
            this.clear();
            return null;
          }
          this.accept(session);
          return session;
        } catch (error) {
          if (isApiError(error) && error.status !== NETWORK_ERROR_STATUS && error.status < 500) {
            this.clear();
            return null;
          }
          throw error;
        }
      };
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      // The lock's promise resolves to the callback's result, so the nested promise flattens at run time.
      const promise = locks
        ? (locks.request(REFRESH_LOCK, run) as unknown as Promise<Session | null>)
        : run();
      this.inflight = promise.finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  };

  /**
   * The signed-in client's fetch: sends the access token and, on a 401, refreshes the session
   * once and sends the request again with the new token. A failed refresh leaves the 401 answer.
   */
  authFetch = async (request: Request): Promise<Response> => {
    if (this.inflight) await this.inflight.catch(() => null);
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
