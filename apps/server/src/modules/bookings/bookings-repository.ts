import { and, asc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { bookings, psychologistProfiles, users } from '../../db/schema';

const patients = alias(users, 'patients');

/** Bookings that are, or may still become, a session: booked, or held with time left on the hold. */
function live(): SQL {
  return or(
    eq(bookings.status, 'booked'),
    and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, new Date())),
  )!;
}

export type BookingWithNames = Awaited<
  ReturnType<ReturnType<typeof createBookingsRepository>['listForUser']>
>[number];

export function createBookingsRepository(db: Database) {
  function select(where: SQL | undefined) {
    return db
      .select({
        booking: bookings,
        psychologistName: psychologistProfiles.displayName,
        psychologistTimeZone: psychologistProfiles.timeZone,
        patientName: patients.username,
      })
      .from(bookings)
      .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, bookings.psychologistId))
      .leftJoin(patients, eq(patients.id, bookings.patientId))
      .where(where)
      .orderBy(asc(bookings.startsAt));
  }

  const involving = (userId: string) =>
    or(eq(bookings.psychologistId, userId), eq(bookings.patientId, userId));

  return {
    /** Every booking the user is part of, as patient or as psychologist, oldest first. */
    listForUser(userId: string) {
      return select(involving(userId));
    },

    /** The user's live bookings overlapping [from, to). */
    listLiveForUser(userId: string, range: { from?: Date; to?: Date }) {
      return select(
        and(
          involving(userId),
          live(),
          range.to ? lt(bookings.startsAt, range.to) : undefined,
          range.from ? gt(bookings.endsAt, range.from) : undefined,
        ),
      );
    },
  };
}
