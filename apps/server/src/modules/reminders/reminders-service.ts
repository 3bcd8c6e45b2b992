import { SESSION_REMINDER_HOURS } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { createBookingsRepository } from '../bookings/bookings-repository';
import { queueReminderEmail } from '../bookings/session-emails';
import { createRemindersRepository } from './reminders-repository';

const HOUR_MS = 60 * 60 * 1000;
const BATCH = 50;

/**
 * Sends the reminders that are due, each in the transaction that marks it handled, so a reminder is
 * queued exactly once even across restarts and several server processes. A reminder is skipped when
 * its session was canceled or has started, or when a later reminder already covers it (the server was
 * down through the 24-hour one and the session is within the hour).
 */
export function createRemindersService(options: { db: Database; publicUrl: string }) {
  const { db, publicUrl } = options;

  async function sendBatch(now: Date): Promise<{ handled: number; sent: number }> {
    return db.transaction(async (tx) => {
      const reminders = createRemindersRepository(tx);
      const bookings = createBookingsRepository(tx);
      const due = await reminders.claimDue(now, BATCH);
      let sent = 0;
      for (const reminder of due) {
        const row = await bookings.findById(reminder.bookingId);
        const booking = row?.booking;
        const untilStart = booking ? booking.startsAt.getTime() - now.getTime() : 0;
        const coveredByLater = SESSION_REMINDER_HOURS.some(
          (hours) => hours < reminder.hoursBefore && untilStart <= hours * HOUR_MS,
        );
        if (!booking || booking.status !== 'booked' || untilStart <= 0 || coveredByLater) {
          await reminders.markHandled(reminder.id, 'skipped', now);
          continue;
        }
        await queueReminderEmail(tx, booking, { publicUrl, hoursBefore: reminder.hoursBefore });
        await reminders.markHandled(reminder.id, 'sent', now);
        sent += 1;
      }
      return { handled: due.length, sent };
    });
  }

  return {
    /** Handles every due reminder; returns how many emails were queued. */
    async sendDue(now: Date = new Date()): Promise<number> {
      let total = 0;
      for (;;) {
        const { handled, sent } = await sendBatch(now);
        total += sent;
        if (handled < BATCH) return total;
      }
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
