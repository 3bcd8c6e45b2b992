import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signInTokens } from '../../db/schema';

export function createSignInTokensRepository(db: Database) {
  return {
    async create(values: { userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(signInTokens).values(values);
    },

    /** Marks a live token used and returns its user id; undefined if unknown, used or expired. */
    async consume(tokenHash: string, now: Date) {
      const [row] = await db
        .update(signInTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(signInTokens.tokenHash, tokenHash),
            isNull(signInTokens.usedAt),
            gt(signInTokens.expiresAt, now),
          ),
        )
        .returning({ userId: signInTokens.userId });
      return row?.userId;
    },

    /** Ends every open link of a user: marking them used keeps one path that refuses a link. */
    async revokeAllForUser(userId: string, now: Date) {
      await db
        .update(signInTokens)
        .set({ usedAt: now })
        .where(and(eq(signInTokens.userId, userId), isNull(signInTokens.usedAt)));
    },
  };
}
