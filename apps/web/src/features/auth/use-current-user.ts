import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '@sukoon/shared';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from './session';

/**
 * Confirms a stored session with the server once per page load; a revoked or expired token signs the
 * visitor out. `checking` is true until the answer arrives.
 */
export function useCurrentUser() {
  const { session, signOut } = useSession();
  const query = useQuery({
    queryKey: ['users', 'me', session?.token],
    queryFn: ({ signal }) => api<User>('GET', '/api/users/me', { signal }),
    enabled: session !== null,
    staleTime: Infinity,
    retry: false,
  });
  const unauthenticated = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (unauthenticated) signOut();
  }, [unauthenticated, signOut]);
  return {
    user: session && query.data ? query.data : null,
    checking: session !== null && query.isPending,
  };
}
