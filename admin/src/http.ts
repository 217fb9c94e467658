import { HttpError } from 'react-admin';

/** What a request needs of the console's session (session.ts), named here so neither imports the other both ways. */
export interface TokenSource {
  /** The token for the next request, refreshed first when it is about to expire. */
  freshToken(): Promise<string | null>;
  /** Resolves 'signed-in' when a new admin session is held. */
  refresh(): Promise<string>;
  readonly token: string | null;
}

export const UNREACHABLE = 'Could not reach Consign. Check your connection and try again.';

/** What ra-data-simple-rest expects back from its httpClient (the shape of fetchUtils.fetchJson). */
export interface JsonResponse {
  status: number;
  headers: Headers;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: records of any resource pass through here.
  json: any;
}

export interface RequestOptions extends Omit<RequestInit, 'headers'> {
  headers?: HeadersInit;
}

interface Problem {
  title?: string;
  detail?: string;
  errors?: { path?: string; message?: string }[];
}

/**
 * The sentence to show for an RFC 9457 problem: the API's `detail` (or `title`), followed by
 * the field errors of a 422 so staff see which field was refused.
 */
export function problemMessage(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null) return fallback;
  const problem = body as Problem;
  const head = problem.detail ?? problem.title ?? fallback;
  const fields = (problem.errors ?? [])
    .filter((error) => error.message)
    .map((error) => (error.path ? `${error.path}: ${error.message}` : error.message));
  return fields.length > 0 ? `${head} (${fields.join('; ')})` : head;
}

/**
 * The problem body with its field errors keyed by path ({ "allowedOrigins.1": "…" }), the shape
 * react-admin's forms take from `error.body.errors` to show each under its field (the problem
 * keeps them as a list, in `fieldErrors`).
 */
export function withFieldErrors(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const list = (body as Problem).errors;
  if (!Array.isArray(list) || list.length === 0) return body;
  const errors = Object.fromEntries(
    list.filter((e) => e.path && e.message).map((e) => [e.path as string, e.message as string]),
  );
  return { ...body, fieldErrors: list, errors };
}

/**
 * fetch for the Consign API: JSON in and out, cookies only for the same origin, and every
 * non-2xx answer thrown as a react-admin HttpError whose message is the problem's detail
 * (fetchUtils.fetchJson would show only the status text, since problems carry no `message`).
 */
export async function requestJson(url: string, options: RequestOptions = {}): Promise<JsonResponse> {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, application/problem+json');
  if (options.body !== undefined && !(options.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...options, headers });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new HttpError(UNREACHABLE, 0);
  }

  const body = await response.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    throw new HttpError(
      problemMessage(json, response.statusText || `HTTP ${response.status}`),
      response.status,
      withFieldErrors(json),
    );
  }
  return { status: response.status, headers: response.headers, body, json };
}

/** A request function with the shape ra-data-simple-rest's httpClient takes. */
export type HttpClient = (url: string, options?: RequestOptions) => Promise<JsonResponse>;

/**
 * requestJson plus the admin's bearer token. A 401 gets one refresh and one retry, because the
 * access token lives 15 minutes and a console tab stays open for hours; a second 401 reaches
 * react-admin, whose authProvider.checkError then signs the user out.
 */
export function createHttpClient(session: TokenSource): HttpClient {
  const send = (url: string, options: RequestOptions, token: string | null) => {
    const headers = new Headers(options.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return requestJson(url, { ...options, headers });
  };
  return async (url, options = {}) => {
    const token = await session.freshToken();
    try {
      return await send(url, options, token);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401) throw error;
      const outcome = await session.refresh().catch(() => null);
      if (outcome !== 'signed-in') throw error;
      return send(url, options, session.token);
    }
  };
}
