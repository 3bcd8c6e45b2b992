import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox, type StoredAttachment } from '../../db/schema';

export interface NewOutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: StoredAttachment[];
  sendAfter: Date;
}

export type OutboxMail = typeof mailOutbox.$inferSelect;

export function createMailRepository(db: Database) {
  return {
    async insert(mails: NewOutboxMail[]) {
      if (mails.length === 0) return [];
      return db.insert(mailOutbox).values(mails).returning({ id: mailOutbox.id });
    },

    /**
     * Claims up to `limit` due messages for `leaseMs`: `for update skip locked` lets several server
     * processes drain one outbox without sending a message twice.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<OutboxMail[]> {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.sendAfter, now),
            or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(mailOutbox.sendAfter)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(mailOutbox)
        .set({
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning();
    },

    async markSent(id: string, now: Date) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    async markRetry(id: string, retryAt: Date, error: string) {
      await db
        .update(mailOutbox)
        .set({ sendAfter: retryAt, lockedUntil: null, lastError: error })
        .where(eq(mailOutbox.id, id));
    },

    async markFailed(id: string, error: string) {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lockedUntil: null, lastError: error })
        .where(eq(mailOutbox.id, id));
    },

    findById: async (id: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1))[0],

    /** Delivered messages, newest first, optionally for one address (the dev mailbox). */
    listSent(to: string | undefined, limit: number) {
      return db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'sent'),
            to ? sql`lower(${mailOutbox.to}) = lower(${to})` : undefined,
          ),
        )
        .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.createdAt))
        .limit(limit);
    },
  };
}
