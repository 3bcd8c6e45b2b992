import {
  aliasedTable,
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, calendarFeeds, psychologistProfiles, users } from '../../db/schema';

/** The only code that reads and writes calendar feeds and the sessions they carry. */
export function createCalendarFeedsRepository(db: Database) {
  return {
    async findByUser(userId: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row;
    },

    /** The feed with this secret's hash and its owner, unless the account was deleted. */
    async findBySecretHash(secretHash: string) {
      const [row] = await db
        .select({
          feed: calendarFeeds,
          user: { id: users.id, role: users.role, locale: users.locale },
        })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(and(eq(calendarFeeds.secretHash, secretHash), isNull(users.deletedAt)));
      return row;
    },

    /** Turns the feed on; undefined when it already was. */
    async create(userId: string, secretHash: string) {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, secretHash })
        .onConflictDoNothing({ target: calendarFeeds.userId })
        .returning();
      return row;
    },

    /** A new secret in place of the old one, in one statement; undefined when the feed is off. */
    async replaceSecret(userId: string, secretHash: string) {
      const [row] = await db
        .update(calendarFeeds)
        .set({ secretHash })
        .where(eq(calendarFeeds.userId, userId))
        .returning();
      return row;
    },

    async updateSettings(userId: string, showFullDetails: boolean) {
      const [row] = await db
        .update(calendarFeeds)
        .set({ showFullDetails })
        .where(eq(calendarFeeds.userId, userId))
        .returning();
      return row;
    },

    async remove(userId: string) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },

    /**
     * A user's sessions starting in [from, to), in start order: booked ones, and canceled ones
     * canceled after `canceledSince` (a released hold or a removed event has no canceled_at, so it
     * never appears). Holds are never read. With each, the patient's username and whether their
     * account is gone, and the psychologist's name.
     */
    async sessionsFor(
      user: { id: string; role: 'patient' | 'psychologist' },
      window: { from: Date; to: Date; canceledSince: Date },
    ) {
      const patients = aliasedTable(users, 'feed_patients');
      return db
        .select({
          // Only what an event shows: never the title, the description or attendance notes.
          booking: {
            id: bookings.id,
            icsSequence: bookings.icsSequence,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
            durationMinutes: bookings.durationMinutes,
            meetingLink: bookings.meetingLink,
            status: bookings.status,
            updatedAt: bookings.updatedAt,
          },
          patientUsername: patients.username,
          patientDeletedAt: patients.deletedAt,
          psychologistName: psychologistProfiles.displayName,
        })
        .from(bookings)
        .leftJoin(patients, eq(patients.id, bookings.patientId))
        .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, bookings.psychologistId))
        .where(
          and(
            user.role === 'psychologist'
              ? eq(bookings.psychologistId, user.id)
              : eq(bookings.patientId, user.id),
            gte(bookings.startsAt, window.from),
            lt(bookings.startsAt, window.to),
            inArray(bookings.status, ['booked', 'canceled']),
            or(
              eq(bookings.status, 'booked'),
              and(isNotNull(bookings.canceledAt), gt(bookings.canceledAt, window.canceledSince)),
            ),
          ),
        )
        .orderBy(asc(bookings.startsAt), asc(bookings.id));
    },
  };
}

export type FeedSession = Awaited<
  ReturnType<ReturnType<typeof createCalendarFeedsRepository>['sessionsFor']>
>[number];
