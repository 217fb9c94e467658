/**
 * The portal's window onto the Consign API (`/api/v1`).
 *
 * Every call goes through the typed openapi-fetch client of `@consign/api/client`, so paths,
 * params and bodies are checked against openapi.yaml at compile time. `unwrap()` turns an error
 * answer into `ApiError` (problem+json, Retry-After); `networkFetch` turns "no answer" into one.
 */

import { type ApiClient, type components, createApiClient } from '@consign/api/client';

export type { ApiClient };

/*
 * Wire types come from the API's generated OpenAPI schema, so a contract change shows up as a
 * type error here rather than a bug in the browser.
 */
type Schemas = components['schemas'];

export type Role = Schemas['Role'];
/** The user inside a session: who is signed in and with which role. */
export type User = Schemas['SessionUser'];
/** The full account, from GET /users/me. */
export type UserProfile = Schemas['User'];
export type PostalAddress = NonNullable<Schemas['PostalAddress']>;
export type Session = Schemas['Session'];
/** RFC 9457 problem details, as every API error is shaped. */
export type Problem = Schemas['Problem'];
export type FieldError = NonNullable<Problem['errors']>[number];
export type AuthMeta = Schemas['ClientSettings'];
export type OutboxEmail = Schemas['Mailbox']['items'][number];
export type SignUpRequest = Schemas['SignupRequest'];
export type SignUpRole = SignUpRequest['role'];
export type ContactMessage = Schemas['ContactRequest'];

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** Seconds from the Retry-After header of a 429, when present. */
  readonly retryAfter: number | null;

  constructor(problem: Problem, retryAfter: number | null = null) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }

  get code(): string | undefined {
    return this.problem.code;
  }
}

/** Status 0 marks a request that never got an HTTP answer (offline, DNS, aborted proxy). */
export const NETWORK_ERROR_STATUS = 0;

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'status' in value && 'title' in value;
}

/**
 * The client's `fetch`: the global fetch (looked up per call), with a failure to get any HTTP
 * answer turned into an `ApiError` of status 0. Aborts pass through untouched.
 */
export async function networkFetch(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    if (request.signal?.aborted) throw cause;
    throw new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: NETWORK_ERROR_STATUS,
      detail: 'Could not reach Consign. Check your connection and try again.',
    });
  }
}

/** The `ApiError` for an error answer; `body` is what openapi-fetch parsed (JSON, else text). */
export function problemError(response: Response, body: unknown): ApiError {
  const problem: Problem = isProblem(body)
    ? body
    : {
        type: 'about:blank',
        title: response.statusText || `HTTP ${response.status}`,
        status: response.status,
        detail: typeof body === 'string' && body && body.length < 300 ? body : undefined,
      };
  return new ApiError(problem, parseRetryAfter(response.headers.get('Retry-After')));
}

/** The data of a client answer, or the error answer thrown as `ApiError`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw problemError(result.response, result.error);
  return result.data as T;
}

/**
 * The base every URL is resolved against. Same origin in the browser; an absolute origin keeps
 * `new Request()` happy where relative URLs are not allowed (tests).
 */
const BASE_URL = typeof location !== 'undefined' ? location.origin : '';

/** A typed client whose requests go through `fetchImpl` (the auth-aware one for signed-in calls). */
export function createPortalClient(
  fetchImpl: (request: Request) => Promise<Response> = networkFetch,
): ApiClient {
  return createApiClient({ baseUrl: BASE_URL, fetch: fetchImpl as typeof fetch });
}

/** The client of the calls anyone may make; it never sends a bearer token. */
export const publicClient = createPortalClient();

/** A human sentence for any error a call throws (`ApiError` or other), suitable for a toast or an alert. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      if (error.problem.detail) return error.problem.detail;
      return error.retryAfter != null
        ? `Too many attempts, try again in ${error.retryAfter} seconds`
        : 'Too many attempts, please try again later';
    }
    return error.problem.detail ?? error.problem.title;
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** A 422's messages by field path, for a form to show beside its inputs; nothing for any other error. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error, 422)) return {};
  return Object.fromEntries((error.problem.errors ?? []).map((e) => [e.path, e.message]));
}

/**
 * The server's reason for a refused save, when it gave one a person can act on: a 422's field
 * messages, or a problem's detail. Falls back to the spec's generic message.
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return fallback;
  const fieldMessages = error.problem.errors?.map((e) => e.message).filter(Boolean) ?? [];
  if (fieldMessages.length > 0) return [...new Set(fieldMessages)].join('. ');
  return error.problem.detail ?? fallback;
}

/* ------------------------------------------------------------------ calls */

/** With `credentials: 'include'` the auth calls set or read the httpOnly refresh cookie. */
const withCookie = { credentials: 'include' } as const;

export const api = {
  meta: {
    auth: async (signal?: AbortSignal) => unwrap(await publicClient.GET('/api/v1/meta/auth', { signal })),
    /** GET /meta: the reference data every form needs. */
    reference: async (signal?: AbortSignal) => unwrap(await publicClient.GET('/api/v1/meta', { signal })),
    /** GET /meta/collection-days: the days a booking made now may name (the cut-off, weekends, bank holidays). */
    collectionDays: async (signal?: AbortSignal) =>
      unwrap(await publicClient.GET('/api/v1/meta/collection-days', { signal })),
  },
  auth: {
    signup: async (body: SignUpRequest) => unwrap(await publicClient.POST('/api/v1/auth/signup', { body })),
    verifyEmail: async (body: Schemas['VerifyEmailRequest']) =>
      unwrap(await publicClient.POST('/api/v1/auth/verify-email', { body, ...withCookie })),
    resendOtp: async (body: Schemas['ResendOtpRequest']) => {
      unwrap(await publicClient.POST('/api/v1/auth/resend-otp', { body }));
    },
    login: async (body: Schemas['LoginRequest']) =>
      unwrap(await publicClient.POST('/api/v1/auth/login', { body, ...withCookie })),
    google: async (body: Schemas['GoogleSignInRequest']) =>
      unwrap(await publicClient.POST('/api/v1/auth/google', { body, ...withCookie })),
    logout: async (token: string | null) => {
      unwrap(
        await publicClient.POST('/api/v1/auth/logout', {
          body: {},
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          ...withCookie,
        }),
      );
    },
    requestPasswordReset: async (body: Schemas['EmailRequest']) => {
      unwrap(await publicClient.POST('/api/v1/auth/password-reset', { body }));
    },
    confirmPasswordReset: async (body: Schemas['PasswordResetConfirmRequest']) => {
      unwrap(await publicClient.POST('/api/v1/auth/password-reset/confirm', { body }));
    },
  },
  contact: {
    send: async (body: ContactMessage) => {
      unwrap(await publicClient.POST('/api/v1/contact', { body }));
    },
  },
  dev: {
    mailbox: async (signal?: AbortSignal) =>
      unwrap(await publicClient.GET('/api/v1/dev/mailbox', { signal })),
  },
} as const;

export type UpdateProfileRequest = Schemas['UpdateMeRequest'];

/** Calls that need a signed-in user, through the auth context's `apiClient` (token, one refresh and retry). */
export const authedApi = {
  me: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/users/me', { signal })),
  /** The email is not in the body: the API does not change it here. */
  updateMe: async (client: ApiClient, body: UpdateProfileRequest) =>
    unwrap(await client.PATCH('/api/v1/users/me', { body })),
};
