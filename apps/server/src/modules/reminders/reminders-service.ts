import { SESSION_REMINDER_HOURS } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { queueReminderEmail } from '../bookings/emails/reminder';
import { HOUR_MS, createRemindersRepository } from './reminders-repository';

const BATCH = 50;

/**
 * A reminder the server could not send on time (it was down) is still worth sending unless a later
 * reminder is already due, which then says the same thing closer to the start.
 */
function lateBeyondUse(hoursBefore: number, untilStartMs: number): boolean {
  return SESSION_REMINDER_HOURS.some(
    (hours) => hours < hoursBefore && untilStartMs <= hours * HOUR_MS,
  );
}

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
      const due = await reminders.claimDue(now, BATCH);
      let sent = 0;
      for (const { reminder, booking } of due) {
        const untilStart = booking.startsAt.getTime() - now.getTime();
        if (
          booking.status !== 'booked' ||
          untilStart <= 0 ||
          lateBeyondUse(reminder.hoursBefore, untilStart)
        ) {
          await reminders.markHandled(reminder.id, 'skipped', now);
          continue;
        }
        await queueReminderEmail(tx, booking, { publicUrl, now });
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
