import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPayments, sandboxSecrets } from '../../db/schema';

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

    listForOrder(orderId: string) {
      return db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
    },

    listForOrders(orderIds: string[]) {
      return db.select().from(sandboxPayments).where(inArray(sandboxPayments.orderId, orderIds));
    },

    /** The signing secret of this database's sandbox: `candidate` if no process has stored one yet. */
    async sharedSecret(candidate: string) {
      await db
        .insert(sandboxSecrets)
        .values({ name: 'signing', secret: candidate })
        .onConflictDoNothing();
      const [row] = await db
        .select({ secret: sandboxSecrets.secret })
        .from(sandboxSecrets)
        .where(eq(sandboxSecrets.name, 'signing'));
      return row!.secret;
    },
  };
}
