import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { SESSION_REMINDER_HOURS } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { bookingReminders, bookings } from '../../db/schema';

export const HOUR_MS = 60 * 60 * 1000;

/** The reminders of a session starting at `startsAt` still to come at `now`. */
function dueReminders(bookingId: string, startsAt: Date, now: Date) {
  return SESSION_REMINDER_HOURS.map((hoursBefore) => ({
    bookingId,
    hoursBefore,
    dueAt: new Date(startsAt.getTime() - hoursBefore * HOUR_MS),
  })).filter((row) => row.dueAt > now);
}

/** Works on the database or on a transaction (pass the `tx` to make calls part of it). */
export function createRemindersRepository(db: Database) {
  /**
   * `schedule`'s INSERT, not run (null when no reminder is still to come), for a caller that writes
   * it with others in one statement (`writeTogether`), and the hours it schedules.
   */
  function scheduleStatement(bookingId: string, startsAt: Date, now: Date) {
    const rows = dueReminders(bookingId, startsAt, now);
    return {
      hours: rows.map((row) => row.hoursBefore),
      statement:
        rows.length > 0
          ? db.insert(bookingReminders).values(rows).onConflictDoNothing().getSQL()
          : null,
    };
  }

  return {
    /** Schedules the reminders of a confirmed session whose time has not passed; returns their hours. */
    async schedule(bookingId: string, startsAt: Date, now: Date): Promise<number[]> {
      const { hours, statement } = scheduleStatement(bookingId, startsAt, now);
      if (statement) await db.execute(statement);
      return hours;
    },

    scheduleStatement,

    /**
     * A moved session is reminded of at its new time: every reminder still due is set to its new
     * time (one already sent is sent again before the new time), and one whose new time has passed
     * is skipped.
     */
    async move(bookingId: string, startsAt: Date, now: Date) {
      await db
        .update(bookingReminders)
        .set({ status: 'skipped', handledAt: now })
        .where(
          and(eq(bookingReminders.bookingId, bookingId), eq(bookingReminders.status, 'pending')),
        );
      const rows = dueReminders(bookingId, startsAt, now);
      if (rows.length === 0) return;
      await db
        .insert(bookingReminders)
        .values(rows)
        .onConflictDoUpdate({
          target: [bookingReminders.bookingId, bookingReminders.hoursBefore],
          set: { dueAt: sql`excluded.due_at`, status: 'pending', handledAt: null },
        });
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
     * Due reminders with their bookings, both rows locked for this transaction. Rows another process
     * holds are skipped: a second sweep, or a cancellation in progress (which locks the booking first),
     * so a reminder is never handled twice nor sent for a session being canceled.
     */
    claimDue(now: Date, limit: number) {
      return db
        .select({ reminder: bookingReminders, booking: bookings })
        .from(bookingReminders)
        .innerJoin(bookings, eq(bookings.id, bookingReminders.bookingId))
        .where(and(eq(bookingReminders.status, 'pending'), lte(bookingReminders.dueAt, now)))
        .orderBy(asc(bookingReminders.dueAt))
        .limit(limit)
        .for('update', { of: [bookingReminders, bookings], skipLocked: true });
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
