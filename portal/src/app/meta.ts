import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export const authMetaQueryKey = ['meta', 'auth'] as const;

/** What the API has configured: Google sign-in, the mail transport, the payments provider. */
export function useAuthMeta() {
  return useQuery({
    queryKey: authMetaQueryKey,
    queryFn: ({ signal }) => api.meta.auth(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
