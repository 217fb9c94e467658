/**
 * The portal's window onto the Consign API (`/api/v1`).
 *
 * Every call goes through `request()` (problem+json errors become `ApiError`, Retry-After is
 * read) and is exposed as one named function, so moving the calls onto the openapi-fetch client
 * in `@consign/api/client` later only changes this file.
 */

import type { components } from '@consign/api/client';

export const API_BASE = '/api/v1';

/*
 * Wire types come from the API's generated OpenAPI schema (type-only: nothing of the client is
 * bundled), so a contract change shows up as a type error here rather than a bug in the browser.
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

/** POST /contact is not in the generated schema yet; written by hand until it is. */
export interface ContactMessage {
  name: string;
  phone: string;
  email: string;
  message: string;
}

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Bearer access token to send. */
  token?: string | null;
  /** 'include' for the auth calls that set or read the httpOnly refresh cookie. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, token, credentials = 'same-origin', signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials,
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: NETWORK_ERROR_STATUS,
      detail: 'Could not reach Consign. Check your connection and try again.',
    });
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  const problem: Problem = isProblem(data)
    ? data
    : {
        type: 'about:blank',
        title: response.statusText || `HTTP ${response.status}`,
        status: response.status,
        detail: typeof data === 'string' && data.length < 300 ? data : undefined,
      };
  throw new ApiError(problem, parseRetryAfter(response.headers.get('Retry-After')));
}

/** A human sentence for any error thrown by `request()`, suitable for a toast or an alert. */
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

export const api = {
  meta: {
    auth: (signal?: AbortSignal) => request<AuthMeta>('/meta/auth', { signal }),
  },
  auth: {
    signup: (body: SignUpRequest) => request<{ email: string }>('/auth/signup', { method: 'POST', body }),
    verifyEmail: (body: Schemas['VerifyEmailRequest']) =>
      request<Session>('/auth/verify-email', { method: 'POST', body, credentials: 'include' }),
    resendOtp: (body: { email: string }) => request<void>('/auth/resend-otp', { method: 'POST', body }),
    login: (body: Schemas['LoginRequest']) =>
      request<Session>('/auth/login', { method: 'POST', body, credentials: 'include' }),
    google: (body: Schemas['GoogleSignInRequest']) =>
      request<Session>('/auth/google', { method: 'POST', body, credentials: 'include' }),
    /** With no body token the API reads the httpOnly `consign_refresh` cookie. */
    refresh: () => request<Session>('/auth/refresh', { method: 'POST', body: {}, credentials: 'include' }),
    logout: (token: string | null) =>
      request<void>('/auth/logout', { method: 'POST', body: {}, token, credentials: 'include' }),
    requestPasswordReset: (body: { email: string }) =>
      request<void>('/auth/password-reset', { method: 'POST', body }),
    confirmPasswordReset: (body: Schemas['PasswordResetConfirmRequest']) =>
      request<void>('/auth/password-reset/confirm', { method: 'POST', body }),
  },
  contact: {
    send: (body: ContactMessage) => request<void>('/contact', { method: 'POST', body }),
  },
  dev: {
    mailbox: (signal?: AbortSignal) => request<{ items: OutboxEmail[] }>('/dev/mailbox', { signal }),
  },
} as const;

/** Calls that need a signed-in user; `authFetch` (from the auth context) supplies the token and retry. */
export type AuthFetch = <T>(path: string, options?: Omit<RequestOptions, 'token'>) => Promise<T>;

export type UpdateProfileRequest = Schemas['UpdateMeRequest'];

export const authedApi = {
  me: (authFetch: AuthFetch) => authFetch<UserProfile>('/users/me'),
  /** The email is not in the body: the API does not change it here. */
  updateMe: (authFetch: AuthFetch, body: UpdateProfileRequest) =>
    authFetch<UserProfile>('/users/me', { method: 'PATCH', body }),
};
