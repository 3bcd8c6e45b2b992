import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_LOCALE, SCREEN_COOKIE, isLocale, type Role, type User } from '@sukoon/shared';
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

const isRole = (value: unknown): value is Role => value === 'patient' || value === 'psychologist';

/**
 * The stored user, checked by hand rather than with the shared zod schema: this runs on every first
 * load, which carries no zod (decision 0017). The server confirms the session once the page is up
 * (use-current-user.ts), so a stale or edited entry only costs that check. A test holds it to the
 * schema (session.test.ts). An entry stored before `fullName` existed reads as having none, one
 * stored before `locale` existed as English (the server's answer then brings the account's own).
 */
export function storedUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = { fullName: null, locale: DEFAULT_LOCALE, ...value } as Record<string, unknown>;
  const ok =
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.username === 'string' &&
    isRole(user.role) &&
    (user.fullName === null || typeof user.fullName === 'string') &&
    (user.avatarUrl === null || typeof user.avatarUrl === 'string') &&
    isLocale(user.locale);
  return ok ? (user as unknown as User) : null;
}

export function readStoredSession(): Session | null {
  const token = window.localStorage.getItem(AUTH_TOKEN_KEY);
  let user: User | null;
  try {
    user = storedUser(JSON.parse(window.localStorage.getItem(AUTH_USER_KEY) ?? 'null'));
  } catch {
    user = null;
  }
  return token && user ? { token, user } : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(readStoredSession);
  const role = session?.user.role;
  // Tells the server which prerendered page to send this browser next time: the signed-in role's
  // dashboard frame rather than the role selection (apps/server/src/plugins/web-app.ts).
  useEffect(() => {
    document.cookie = role
      ? `${SCREEN_COOKIE}=${role}; path=/; max-age=31536000; samesite=lax`
      : `${SCREEN_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }, [role]);

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
