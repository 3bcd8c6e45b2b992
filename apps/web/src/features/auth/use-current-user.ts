import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { User } from '@sukoon/shared';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from './session';

const noSubscription = () => () => undefined;

/** The cached answer of `GET /api/users/me` for a session's token. */
export const currentUserKey = (token: string | undefined) => ['users', 'me', token] as const;

/**
 * False while React hydrates the prerendered page (and in the build's own render), true after and in
 * a page drawn afresh: what the first render draws must be what the server sent (decision 0017).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Confirms a stored session with the server once per page load; a revoked or expired token signs the
 * visitor out. Until the answer arrives the stored user stands in, so the dashboard's own reads start
 * at once instead of one round trip later; only the render that hydrates the prerendered dashboard
 * frame waits (`checking`), since that frame is what the server sent.
 */
export function useCurrentUser() {
  const { session, signOut } = useSession();
  const hydrated = useHydrated();
  const query = useQuery({
    queryKey: currentUserKey(session?.token),
    queryFn: ({ signal }) => api<User>('GET', '/api/users/me', { signal }),
    enabled: session !== null,
    staleTime: Infinity,
    retry: false,
  });
  const unauthenticated = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (unauthenticated) signOut();
  }, [unauthenticated, signOut]);
  const standIn = hydrated && query.isPending ? (session?.user ?? null) : null;
  return {
    user: session ? (query.data ?? standIn) : null,
    checking: session !== null && query.isPending && !hydrated,
  };
}
