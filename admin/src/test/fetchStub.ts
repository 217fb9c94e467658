import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call) => Reply;

/**
 * Replaces global fetch with a tiny router: `'POST /api/v1/auth/login': () => ({ body })`.
 * Handlers may be arrays, answered in order (the last one repeats). Unrouted calls fail the test.
 */
export function stubFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected fetch: ${key}`);
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    const handler = Array.isArray(route) ? route[Math.min(index, route.length - 1)]! : route;
    const reply = handler(call);
    const status = reply.status ?? 200;
    const isProblem = status >= 400;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: {
        'Content-Type': isProblem ? 'application/problem+json' : 'application/json',
        ...reply.headers,
      },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    fetch,
    to: (key: string) => calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key),
  };
}

export const problem = (status: number, detail: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { type: 'about:blank', title: 'Problem', status, detail, ...extra },
});

export function session(role: 'admin' | 'customer' | 'vendor', accessToken = `at-${role}`, expiresIn = 900) {
  return {
    accessToken,
    refreshToken: `rt-${role}`,
    expiresIn,
    user: { id: `u-${role}`, email: `${role}@consign.example`, name: null, role, emailVerified: true },
  };
}

/** An admin list page as the API answers it: the rows and their Content-Range. */
export const list = (rows: unknown[]) => () => ({
  body: rows,
  headers: { 'Content-Range': `items 0-${Math.max(0, rows.length - 1)}/${rows.length}` },
});

/** One record as the API answers it. */
export const one = (record: unknown) => () => ({ body: record });
