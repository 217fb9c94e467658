import { HttpError } from 'react-admin';
import { requestJson } from './http';

export const AUTH_BASE = '/api/v1/auth';
export const STAFF_ONLY = 'This console is for Consign staff';

export type Role = 'customer' | 'vendor' | 'admin';

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  emailVerified: boolean;
}

/** The API's Session (POST /auth/login, /auth/refresh). */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  user: SessionUser;
}

/**
 * `signed-in`: an admin session is now held. `anonymous`: there is no valid refresh cookie.
 * `not-staff`: the cookie belongs to a customer or vendor (signed in to the portal on this
 * origin); that session is left alone, but not used here.
 */
export type RefreshOutcome = 'signed-in' | 'anonymous' | 'not-staff';

/** Refresh this long before the access token expires, so a request never races the expiry. */
const REFRESH_LEAD_MS = 60_000;
/**
 * The portal uses the same lock name: both apps share one refresh cookie, and the API treats a
 * reused (already rotated) refresh token as theft and revokes the whole family.
 */
const REFRESH_LOCK = 'consign-auth-refresh';

/**
 * The admin's session, in memory only: the access token lives here and the refresh token stays
 * in the httpOnly cookie the API sets, so a page reload restores the session through
 * POST /auth/refresh and nothing secret is ever written to storage.
 */
export class SessionStore {
  private accessToken: string | null = null;
  private expiresAt = 0;
  private currentUser: SessionUser | null = null;
  private inflight: Promise<RefreshOutcome> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  get user(): SessionUser | null {
    return this.currentUser;
  }

  get token(): string | null {
    return this.accessToken;
  }

  /** A token that will outlive the next request. */
  hasFreshToken(): boolean {
    return this.accessToken !== null && this.now() < this.expiresAt - REFRESH_LEAD_MS;
  }

  /** Keeps an admin session; anything else is refused, so no non-staff token is ever held. */
  accept(session: Session): boolean {
    if (session.user.role !== 'admin') {
      this.clear();
      return false;
    }
    this.accessToken = session.accessToken;
    this.expiresAt = this.now() + session.expiresIn * 1000;
    this.currentUser = session.user;
    return true;
  }

  clear(): void {
    this.accessToken = null;
    this.expiresAt = 0;
    this.currentUser = null;
  }

  /** The token for the next request, refreshed first when it is about to expire. */
  async freshToken(): Promise<string | null> {
    if (this.accessToken && !this.hasFreshToken()) await this.refresh().catch(() => undefined);
    return this.accessToken;
  }

  /**
   * Exchanges the refresh cookie for a new session. Concurrent callers share one request.
   * Rejects only when the API could not answer (offline, 5xx): a blip must not sign staff out.
   */
  refresh(): Promise<RefreshOutcome> {
    if (!this.inflight) {
      const run = () => this.exchange();
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      // The lock resolves to the callback's result; its typing nests the promise, the value does not.
      const promise = locks
        ? (locks.request(REFRESH_LOCK, run) as unknown as Promise<RefreshOutcome>)
        : run();
      this.inflight = promise.finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  private async exchange(): Promise<RefreshOutcome> {
    try {
      // An empty body: the API then reads the httpOnly cookie.
      const { status, json } = await requestJson(`${AUTH_BASE}/refresh`, { method: 'POST', body: '{}' });
      // 204: no refresh cookie at all, the API's "no session" answer.
      if (status === 204) {
        this.clear();
        return 'anonymous';
      }
      return this.accept(json as Session) ? 'signed-in' : 'not-staff';
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
        this.clear();
        return 'anonymous';
      }
      throw error;
    }
  }
}

/** The console's one session. */
export const session = new SessionStore();
