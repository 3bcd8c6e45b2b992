import type { Locale, Role } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { createSessionsRepository } from './sessions-repository';

/** A session lasts at most 30 days, and ends earlier after 7 days without use. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Recording every request's use would write on every read; a few minutes' precision is enough. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  username: string;
  role: Role;
  fullName: string | null;
  locale: Locale;
  sessionId: string;
}

export function createSessionsService(db: Database, clock: () => Date = () => new Date()) {
  const sessions = createSessionsRepository(db);

  /** `resolve`, with when the session was last used and when it ends (for a cache to keep it). */
  async function lookup(
    token: string,
  ): Promise<{ user: AuthUser; lastUsedAt: Date; expiresAt: Date } | null> {
    const now = clock();
    const found = await sessions.findActiveByTokenHash(hashSecretToken(token), now);
    if (!found || !found.user.emailVerifiedAt) return null;
    const idleFor = now.getTime() - found.lastUsedAt.getTime();
    if (idleFor > SESSION_IDLE_TTL_MS) {
      await sessions.revoke(found.sessionId, now);
      return null;
    }
    const touched = idleFor > TOUCH_INTERVAL_MS;
    if (touched) await sessions.touch(found.sessionId, now);
    const { id, email, username, role, fullName, locale } = found.user;
    return {
      user: { id, email, username, role, fullName, locale, sessionId: found.sessionId },
      lastUsedAt: touched ? now : found.lastUsedAt,
      expiresAt: found.expiresAt,
    };
  }

  return {
    /** Issues a new opaque bearer token (256 random bits); only its hash is stored. */
    async issue(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newSecretToken();
      const createdAt = clock();
      const expiresAt = new Date(createdAt.getTime() + SESSION_ABSOLUTE_TTL_MS);
      await sessions.create({ userId, tokenHash: hashSecretToken(token), createdAt, expiresAt });
      return { token, expiresAt };
    },

    /** The signed-in user for a bearer token, or null when it is unknown, revoked, expired or idle. */
    async resolve(token: string): Promise<AuthUser | null> {
      return (await lookup(token))?.user ?? null;
    },

    lookup,

    revoke: (sessionId: string) => sessions.revoke(sessionId, clock()),
    revokeAllForUser: (userId: string) => sessions.revokeAllForUser(userId, clock()),
  };
}
