import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';

export type OtpPurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

export function createOneTimeCodesRepository(db: Database) {
  return {
    /** Retires every live code of this purpose: a new code invalidates the old ones. */
    async retireAll(userId: string, purpose: OtpPurpose, now: Date) {
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
    },

    async create(values: {
      userId: string;
      purpose: OtpPurpose;
      codeHash: string;
      createdAt: Date;
      expiresAt: Date;
    }) {
      await db.insert(oneTimeCodes).values(values);
    },

    /** The most recent code of this purpose (used or not), for the resend cooldown. */
    async latest(userId: string, purpose: OtpPurpose) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Counts one try against the live code, atomically, and returns it; undefined when no live code or
     * its tries are used up. Counting before checking means parallel guesses cannot exceed the limit.
     */
    async takeAttempt(userId: string, purpose: OtpPurpose, maxAttempts: number) {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
            lt(oneTimeCodes.attempts, maxAttempts),
          ),
        )
        .returning();
      return row;
    },

    async hasLiveCode(userId: string, purpose: OtpPurpose) {
      const [row] = await db
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Single use: only one of two parallel correct submissions consumes the code. */
    async consume(id: string, now: Date) {
      const [row] = await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      return row !== undefined;
    },
  };
}
