import { useQuery } from '@tanstack/react-query';
import { authedApi } from '../api/client';
import { useAuth } from './auth';

/** The signed-in user's account (GET /users/me), shared by the dashboard, the forms and /profile. */
export const profileQueryKey = ['users', 'me'] as const;

export function useProfile() {
  const { apiClient } = useAuth();
  return useQuery({ queryKey: profileQueryKey, queryFn: () => authedApi.me(apiClient) });
}
