import { and, asc, between, eq, gt, gte, lt, or } from 'drizzle-orm';
import type { DayPart } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { blockedSlots, bookings, daysOff, unavailableDayParts } from '../../db/schema';

export function createAvailabilityRepository(db: Database) {
  return {
    /** Every stored exception and every live booking or unexpired hold in a date/instant window. */
    async window(
      psychologistId: string,
      dates: { from: string; to: string },
      instants: { from: Date; to: Date },
    ) {
      const [dayParts, offDays, blocked, busy] = await Promise.all([
        db
          .select({ date: unavailableDayParts.date, segment: unavailableDayParts.segment })
          .from(unavailableDayParts)
          .where(
            and(
              eq(unavailableDayParts.psychologistId, psychologistId),
              between(unavailableDayParts.date, dates.from, dates.to),
            ),
          )
          .orderBy(asc(unavailableDayParts.date), asc(unavailableDayParts.segment)),
        db
          .select({ date: daysOff.date })
          .from(daysOff)
          .where(
            and(
              eq(daysOff.psychologistId, psychologistId),
              between(daysOff.date, dates.from, dates.to),
            ),
          )
          .orderBy(asc(daysOff.date)),
        db
          .select({ startsAt: blockedSlots.startsAt })
          .from(blockedSlots)
          .where(
            and(
              eq(blockedSlots.psychologistId, psychologistId),
              gte(blockedSlots.startsAt, instants.from),
              lt(blockedSlots.startsAt, instants.to),
            ),
          )
          .orderBy(asc(blockedSlots.startsAt)),
        db
          .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
          .from(bookings)
          .where(
            and(
              eq(bookings.psychologistId, psychologistId),
              lt(bookings.startsAt, instants.to),
              gt(bookings.endsAt, instants.from),
              // A hold past its expiry no longer blocks, even before anything has expired it.
              or(
                eq(bookings.status, 'booked'),
                and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, new Date())),
              ),
            ),
          )
          .orderBy(asc(bookings.startsAt)),
      ]);
      return { dayParts, offDays, blocked, busy };
    },

    async setDayPart(psychologistId: string, date: string, segment: DayPart, unavailable: boolean) {
      if (unavailable) {
        await db
          .insert(unavailableDayParts)
          .values({ psychologistId, date, segment })
          .onConflictDoNothing();
      } else {
        await db
          .delete(unavailableDayParts)
          .where(
            and(
              eq(unavailableDayParts.psychologistId, psychologistId),
              eq(unavailableDayParts.date, date),
              eq(unavailableDayParts.segment, segment),
            ),
          );
      }
    },

    async setDayOff(psychologistId: string, date: string, off: boolean) {
      if (off) {
        await db.insert(daysOff).values({ psychologistId, date }).onConflictDoNothing();
      } else {
        await db
          .delete(daysOff)
          .where(and(eq(daysOff.psychologistId, psychologistId), eq(daysOff.date, date)));
      }
    },

    async setBlocked(psychologistId: string, startsAt: Date, blocked: boolean) {
      if (blocked) {
        await db.insert(blockedSlots).values({ psychologistId, startsAt }).onConflictDoNothing();
      } else {
        await db
          .delete(blockedSlots)
          .where(
            and(
              eq(blockedSlots.psychologistId, psychologistId),
              eq(blockedSlots.startsAt, startsAt),
            ),
          );
      }
    },
  };
}
