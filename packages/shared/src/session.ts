/**
 * The session refresh client of the portal and the console. Both keep the access token in memory
 * and the refresh token in the httpOnly cookie the API sets, and both restore and renew a session
 * by POST /api/v1/auth/refresh with an empty body. They share one cookie on one origin, and the
 * API rotates refresh tokens and treats a reused one as theft (it revokes the whole family), so
 * every refresh, in any tab of either app, takes turns through one Web Lock, and concurrent
 * callers in one page share one request.
 *
 * fetch only, no dependencies: each app turns the outcome into its own session state.
 */

export const REFRESH_URL = '/api/v1/auth/refresh';

/** One lock name for the portal and the console: they share the refresh cookie. */
export const REFRESH_LOCK = 'consign-auth-refresh';

/** Refresh this long before the access token expires, so a request never races the expiry. */
export const REFRESH_LEAD_MS = 60_000;

/** Status of a refresh that got no answer at all (offline, DNS, CORS). */
export const NO_ANSWER = 0;

/**
 * The API could not say whether there is a session: no answer (status 0) or a 5xx. Callers keep
 * what they hold, since a blip must not sign anyone out.
 */
export class RefreshUnavailableError extends Error {
  constructor(
    readonly status: number,
    /** The answer's parsed JSON body (a problem), when there was one. */
    readonly body: unknown = undefined,
    readonly statusText = '',
  ) {
    super(status === NO_ANSWER ? 'Could not reach Consign' : `Session refresh failed with HTTP ${status}`);
    this.name = 'RefreshUnavailableError';
  }
}

export interface RefreshClientOptions<Session, Result> {
  /**
   * Turns the answer into the app's state, inside the lock: a session, or null when there is
   * none (204 no cookie, or a 4xx: expired, revoked, reused).
   */
  settle: (session: Session | null) => Result;
  url?: string;
  /** The portal says 'include'; same-origin either way, the refresh cookie goes along. */
  credentials?: RequestCredentials;
}

export interface RefreshClient<Result> {
  /**
   * Exchanges the refresh cookie for a session and settles it. Concurrent callers share one
   * request. Rejects with RefreshUnavailableError when the API could not answer.
   */
  refresh(): Promise<Result>;
  /** The refresh under way, if any, so a request can wait for its token. */
  pending(): Promise<Result> | null;
}

async function exchange<Session>(url: string, credentials: RequestCredentials): Promise<Session | null> {
  let response: Response;
  try {
    // The global is read at call time, so the page's (or a test's) fetch is the one used.
    response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json, application/problem+json', 'Content-Type': 'application/json' },
      // An empty body: the API then reads the httpOnly cookie.
      body: '{}',
      credentials,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new RefreshUnavailableError(NO_ANSWER);
  }
  // 204: no refresh cookie at all, the API's "no session" answer (no error for the browser to log).
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok) return json as Session;
  if (response.status >= 400 && response.status < 500) return null;
  throw new RefreshUnavailableError(response.status, json, response.statusText);
}

/**
 * Runs `work` under the one refresh lock. A document the browser refuses locks to (a checkout
 * framed on a cross-site partner page, when third-party storage is blocked) has no other tab to
 * take turns with, so it refreshes without one rather than never.
 */
async function withLock<Result>(locks: LockManager, work: () => Promise<Result>): Promise<Result> {
  let ran = false;
  try {
    // The lock resolves to the callback's result; its typing nests the promise, the value does not.
    return (await locks.request(REFRESH_LOCK, () => {
      ran = true;
      return work();
    })) as Result;
  } catch (error) {
    if (!ran && error instanceof DOMException && error.name === 'SecurityError') return work();
    throw error;
  }
}

export function createRefreshClient<Session, Result>(
  options: RefreshClientOptions<Session, Result>,
): RefreshClient<Result> {
  const url = options.url ?? REFRESH_URL;
  const credentials = options.credentials ?? 'same-origin';
  let inflight: Promise<Result> | null = null;

  const run = async (): Promise<Result> => options.settle(await exchange<Session>(url, credentials));

  return {
    refresh() {
      if (!inflight) {
        const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
        const promise = locks ? withLock(locks, run) : run();
        inflight = promise.finally(() => {
          inflight = null;
        });
      }
      return inflight;
    },
    pending: () => inflight,
  };
}
