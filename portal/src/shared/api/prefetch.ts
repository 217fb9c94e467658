import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';

/**
 * What a lazy page may start before React renders it (app/router.tsx preloadPage): the app's
 * query cache, the session's API client and the address the app opened at.
 */
export interface PrefetchContext {
  queryClient: QueryClient;
  apiClient: ApiClient;
  location: { pathname: string; search: string };
}
