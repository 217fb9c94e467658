import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authMetaQueryKey } from '../../shared/api/meta';
import { useAuth } from '../../shared/auth/auth';

/** Signs out (API logout clears the refresh cookie), forgets the user's cached data, goes home. */
export function useSignOut() {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOut();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authMetaQueryKey[0] });
    navigate('/', { replace: true });
  }, [signOut, queryClient, navigate]);
}
