import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { psychologistProfiles, users } from '../../db/schema';

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string) {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return user;
    },

    async findById(id: string) {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    async create(
      values: Pick<
        typeof users.$inferInsert,
        | 'email'
        | 'username'
        | 'fullName'
        | 'passwordHash'
        | 'role'
        | 'consentedAt'
        | 'consentVersion'
        | 'locale'
      >,
    ) {
      const [user] = await db.insert(users).values(values).returning();
      return user!;
    },

    async createPsychologistProfile(
      userId: string,
      displayName: string,
      specializations: string[] = [],
    ) {
      await db.insert(psychologistProfiles).values({ userId, displayName, specializations });
    },

    async markEmailVerified(id: string, now: Date) {
      await db
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
    },

    /** The person's own details; the account as it now is, or undefined when it is gone. */
    async updateDetails(
      id: string,
      details: Partial<Pick<typeof users.$inferInsert, 'fullName' | 'locale'>>,
    ) {
      const [user] = await db.update(users).set(details).where(eq(users.id, id)).returning();
      return user;
    },

    async setPassword(id: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
  };
}
