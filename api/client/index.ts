import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths };
export type Schemas = components['schemas'];

/**
 * The typed client every front end uses. `getToken` supplies the in-memory access token;
 * cookies are sent only to the same origin.
 */
export function createApiClient(
  options: { baseUrl?: string; getToken?: () => string | null | undefined; fetch?: typeof fetch } = {},
) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'same-origin',
    fetch: options.fetch,
  });
  if (options.getToken) {
    const auth: Middleware = {
      onRequest({ request }) {
        const token = options.getToken?.();
        if (token && !request.headers.has('Authorization'))
          request.headers.set('Authorization', `Bearer ${token}`);
        return request;
      },
    };
    client.use(auth);
  }
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;
