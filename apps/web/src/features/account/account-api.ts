import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdate, User } from '@sukoon/shared';
import { api } from '../../lib/api-client';
import { useSession } from '../auth/session';
import { currentUserKey } from '../auth/use-current-user';

/**
 * PATCH /api/users/me: the person's own details. The answer replaces the signed-in user everywhere
 * at once: in the confirmed user the dashboard shows and in the stored session.
 */
export function useUpdateAccount() {
  const { session, signIn } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountUpdate) => api<User>('PATCH', '/api/users/me', { body }),
    onSuccess: (user) => {
      if (!session) return;
      queryClient.setQueryData(currentUserKey(session.token), user);
      signIn({ token: session.token, user });
    },
  });
}
