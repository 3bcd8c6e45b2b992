import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, users } from '../../db/schema';

export function createSessionsRepository(db: Database) {
  return {
    async create(values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      const withUse = { ...values, lastUsedAt: values.createdAt };
      const [row] = await db
        .insert(authSessions)
        .values(withUse)
        .returning({ id: authSessions.id });
      return row!;
    },

    /** The live session for a token hash with its user, or undefined when unknown, revoked or expired. */
    async findActiveByTokenHash(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: authSessions.id,
          lastUsedAt: authSessions.lastUsedAt,
          expiresAt: authSessions.expiresAt,
          user: {
            id: users.id,
            email: users.email,
            username: users.username,
            role: users.role,
            fullName: users.fullName,
            locale: users.locale,
            emailVerifiedAt: users.emailVerifiedAt,
          },
        })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.tokenHash, tokenHash),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    async touch(sessionId: string, now: Date) {
      await db.update(authSessions).set({ lastUsedAt: now }).where(eq(authSessions.id, sessionId));
    },

    async revoke(sessionId: string, now: Date) {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    async revokeAllForUser(userId: string, now: Date) {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    },

    async deleteExpired(before: Date) {
      await db.delete(authSessions).where(lt(authSessions.expiresAt, before));
    },
  };
}
