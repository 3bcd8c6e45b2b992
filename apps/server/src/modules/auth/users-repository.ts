import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

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
  };
}
