import { and, asc, eq, lte } from 'drizzle-orm';
import { SESSION_REMINDER_HOURS } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { bookingReminders } from '../../db/schema';

const HOUR_MS = 60 * 60 * 1000;

/** Works on the database or on a transaction (pass the `tx` to make calls part of it). */
export function createRemindersRepository(db: Database) {
  return {
    /** Schedules the reminders of a confirmed session whose time has not passed yet. */
    async schedule(bookingId: string, startsAt: Date, now: Date) {
      const rows = SESSION_REMINDER_HOURS.map((hoursBefore) => ({
        bookingId,
        hoursBefore,
        dueAt: new Date(startsAt.getTime() - hoursBefore * HOUR_MS),
      })).filter((row) => row.dueAt > now);
      if (rows.length > 0) await db.insert(bookingReminders).values(rows).onConflictDoNothing();
    },

    /** A canceled session is never reminded of. */
    async skipPending(bookingId: string, now: Date) {
      await db
        .update(bookingReminders)
        .set({ status: 'skipped', handledAt: now })
        .where(
          and(eq(bookingReminders.bookingId, bookingId), eq(bookingReminders.status, 'pending')),
        );
    },

    /**
     * Due reminders, locked for this transaction; rows another process holds are skipped, so two
     * servers sweeping at once never handle one reminder twice.
     */
    claimDue(now: Date, limit: number) {
      return db
        .select()
        .from(bookingReminders)
        .where(and(eq(bookingReminders.status, 'pending'), lte(bookingReminders.dueAt, now)))
        .orderBy(asc(bookingReminders.dueAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markHandled(id: string, status: 'sent' | 'skipped', now: Date) {
      await db
        .update(bookingReminders)
        .set({ status, handledAt: now })
        .where(eq(bookingReminders.id, id));
    },

    listForBooking(bookingId: string) {
      return db
        .select()
        .from(bookingReminders)
        .where(eq(bookingReminders.bookingId, bookingId))
        .orderBy(asc(bookingReminders.dueAt));
    },
  };
}
