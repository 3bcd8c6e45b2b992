import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  EmailBody,
  LoginBody,
  LoginData,
  MessageData,
  OtpVerifyBody,
  PasswordResetBody,
  PublicConfig,
  RegisterBody,
  RegisterData,
  VerifyEmailData,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';
import { useSession } from './session';

/** Server calls of the accounts flows; a successful sign-in is stored in the session at once. */

export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<PublicConfig>('GET', '/api/config', { signal }),
    staleTime: Infinity,
  });
}

function useSignInMutation<TBody>(path: string) {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api<LoginData>('POST', path, { body }),
    onSuccess: (data) => {
      // The server just told us who this is: no need to ask /api/users/me again.
      queryClient.setQueryData(['users', 'me', data.token], data.user);
      signIn({ token: data.token, user: data.user });
    },
  });
}

export const useLogin = () => useSignInMutation<LoginBody>('/api/users/login');
export const useDemoLogin = () => useSignInMutation<undefined>('/api/users/demo-login');
export const useTokenLogin = () => useSignInMutation<{ token: string }>('/api/users/token-login');

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => api<RegisterData>('POST', '/api/users/register', { body }),
  });

/** Verifying signs the owner in; the caller stores the session once the success message is read. */
export const useVerifyOtp = () =>
  useMutation({
    mutationFn: (body: OtpVerifyBody) => api<VerifyEmailData>('POST', '/api/otp/verify', { body }),
  });

export const useResendOtp = () =>
  useMutation({
    mutationFn: (body: EmailBody) => api<MessageData>('POST', '/api/resend-otp', { body }),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: EmailBody) => api<MessageData>('POST', '/api/password/forgot', { body }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetBody) =>
      api<MessageData>('POST', '/api/password/reset', { body }),
  });

/**
 * Forgets the signed-in session in this browser: the stored token and user, and everything of theirs
 * in the query cache. Logout calls it; so does the app once an account is deleted (the server has
 * already revoked every token then).
 */
export function useClearSession() {
  const { signOut } = useSession();
  const queryClient = useQueryClient();
  return useCallback(() => {
    signOut();
    // Nothing of the previous user may stay in the cache for the next one.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  }, [signOut, queryClient]);
}

/**
 * Ends every session and emailed sign-in link of the account on the server, then this browser's too.
 * Unlike logout it must reach the server: its point is the other devices.
 */
export function useSignOutEverywhere() {
  const clearSession = useClearSession();
  return useMutation({
    mutationFn: () => api('POST', '/api/auth/sign-out-everywhere'),
    onSuccess: clearSession,
  });
}

/** Revokes the token on the server (best effort: signing out locally must work offline too). */
export function useLogout() {
  const clearSession = useClearSession();
  return useMutation({
    mutationFn: () => api('POST', '/api/users/logout').catch(() => undefined),
    onSettled: clearSession,
  });
}
