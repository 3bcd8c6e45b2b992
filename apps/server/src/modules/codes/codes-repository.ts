import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { institutionCodes } from '../../db/schema';

export type InstitutionCode = typeof institutionCodes.$inferSelect;

export function createCodesRepository(db: Database) {
  return {
    async insertMany(rows: Array<{ code: string; institution: string; expiresAt: Date }>) {
      return db.insert(institutionCodes).values(rows).onConflictDoNothing().returning();
    },

    list(): Promise<InstitutionCode[]> {
      return db.select().from(institutionCodes).orderBy(desc(institutionCodes.createdAt));
    },

    async findUsable(code: string, now: Date) {
      const [row] = await db
        .select()
        .from(institutionCodes)
        .where(
          and(
            eq(institutionCodes.code, code),
            isNull(institutionCodes.usedBy),
            gt(institutionCodes.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Marks the code used by `userId` if it is still usable. A single conditional UPDATE: of two
     * transactions racing for one code, the second waits for the first and then matches no row.
     */
    async consume(code: string, userId: string, now: Date) {
      const [row] = await db
        .update(institutionCodes)
        .set({ usedBy: userId, usedAt: now })
        .where(
          and(
            eq(institutionCodes.code, code),
            isNull(institutionCodes.usedBy),
            gt(institutionCodes.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
