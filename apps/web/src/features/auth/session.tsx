import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { User } from '@sukoon/shared';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';

/** Local storage keys of the specification: authToken and authUser hold the signed-in session. */
const AUTH_USER_KEY = 'authUser';
/** The original client also read the token as userToken and the user's id as userID; kept in step. */
const LEGACY_TOKEN_KEY = 'userToken';
const LEGACY_USER_ID_KEY = 'userID';

export interface Session {
  token: string;
  user: User;
}

interface SessionContextValue {
  session: Session | null;
  signIn: (session: Session) => void;
  signOut: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function readStoredSession(): Session | null {
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  const parsedUser = User.safeParse(
    JSON.parse(window.localStorage.getItem(AUTH_USER_KEY) ?? 'null'),
  );
  return token && parsedUser.success ? { token, user: parsedUser.data } : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(readStoredSession);

  const signIn = useCallback((next: Session) => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, next.token);
    window.localStorage.setItem(AUTH_USER_KEY, JSON.stringify(next.user));
    window.localStorage.setItem(LEGACY_TOKEN_KEY, next.token);
    window.localStorage.setItem(LEGACY_USER_ID_KEY, next.user.id);
    setSession(next);
  }, []);

  const signOut = useCallback(() => {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    window.localStorage.removeItem(AUTH_USER_KEY);
    window.localStorage.removeItem(LEGACY_TOKEN_KEY);
    window.localStorage.removeItem(LEGACY_USER_ID_KEY);
    setSession(null);
  }, []);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
