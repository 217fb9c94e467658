import { vi } from 'vitest';

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

type Handler = StubResponse | ((call: RecordedCall) => StubResponse | Promise<StubResponse>);

/**
 * Replaces global fetch with a table of `'METHOD /api/v1/path'` handlers. Unknown routes answer a
 * 404 problem, like the API does. Returns the calls made, for assertions.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    // The typed client hands fetch a Request; hand-made calls pass (url, init).
    const request = input instanceof Request ? input : null;
    const method = (request?.method ?? init.method ?? 'GET').toUpperCase();
    const text = request ? await request.clone().text() : init.body;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof text === 'string' && text && !text.startsWith('--') ? jsonOrText(text) : undefined,
      headers: request ? headerRecord(request.headers) : ((init.headers ?? {}) as Record<string, string>),
      credentials: request?.credentials ?? init.credentials,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const result = typeof handler === 'function' ? await handler(call) : handler;
    if (!result) return problem(404, 'Not found');
    const status = result.status ?? 200;
    const isError = status >= 400;
    return new Response(status === 204 || result.body === undefined ? null : JSON.stringify(result.body), {
      status,
      headers: {
        'Content-Type': isError ? 'application/problem+json' : 'application/json',
        ...result.headers,
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A JSON body parsed; any other text (a CSV upload) as it was sent. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Request headers by their usual spelling ('authorization' → 'Authorization'), as the tests read them. */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())] = value;
  });
  return record;
}

export function problem(status: number, detail: string, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/** A problem+json stub response. */
export function problemResponse(
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
): StubResponse {
  return { status, body: { type: 'about:blank', title: 'Error', status, detail, ...extra } };
}

export const customer = {
  id: 'u_1',
  email: 'jane@example.com',
  name: 'Jane',
  role: 'customer' as const,
  emailVerified: true,
};

export function sessionFor(
  user: typeof customer | (Omit<typeof customer, 'role'> & { role: 'vendor' | 'admin' }),
) {
  return { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, user };
}

export const outboxMeta = {
  googleClientId: null,
  mailTransport: 'outbox',
  devMailbox: true,
  paymentsProvider: 'test',
};
