import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPayments } from '../../db/schema';

/** The sandbox gateway's own ledger of what it charged. */
export function createSandboxRepository(db: Database) {
  return {
    async create(values: typeof sandboxPayments.$inferInsert) {
      const [row] = await db.insert(sandboxPayments).values(values).returning();
      return row!;
    },

    async findById(id: string) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      return row;
    },
  };
}
