import {
  createRefreshClient,
  NO_ANSWER,
  REFRESH_LEAD_MS,
  RefreshUnavailableError,
} from '@consign/shared/session';
import { HttpError } from 'react-admin';
import { problemMessage, UNREACHABLE, withFieldErrors } from './http';

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

/**
 * The admin's session, in memory only: the access token lives here and the refresh token stays
 * in the httpOnly cookie the API sets, so a page reload restores the session through
 * POST /auth/refresh and nothing secret is ever written to storage.
 */
export class SessionStore {
  private accessToken: string | null = null;
  private expiresAt = 0;
  private currentUser: SessionUser | null = null;

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

  /** The portal's refresh client too: both apps share one refresh cookie and one lock. */
  private readonly refresher = createRefreshClient<Session, RefreshOutcome>({
    url: `${AUTH_BASE}/refresh`,
    settle: (session) => {
      if (!session) {
        this.clear();
        return 'anonymous';
      }
      return this.accept(session) ? 'signed-in' : 'not-staff';
    },
  });

  /**
   * Exchanges the refresh cookie for a new session. Concurrent callers share one request.
   * Rejects only when the API could not answer (offline, 5xx): a blip must not sign staff out.
   * The rejection is the HttpError every other console request throws, so react-admin shows it alike.
   */
  refresh(): Promise<RefreshOutcome> {
    return this.refresher.refresh().catch((error: unknown) => {
      throw error instanceof RefreshUnavailableError ? asHttpError(error) : error;
    });
  }
}

function asHttpError(error: RefreshUnavailableError): HttpError {
  if (error.status === NO_ANSWER) return new HttpError(UNREACHABLE, 0);
  return new HttpError(
    problemMessage(error.body, error.statusText || `HTTP ${error.status}`),
    error.status,
    withFieldErrors(error.body),
  );
}

/** The console's one session. */
export const session = new SessionStore();
