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
  sql,
  type AnyColumn,
} from 'drizzle-orm';
import { CALENDAR_FEED } from '@sukoon/shared';
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
     * What a feed of `user` shows, read in one snapshot: its version (`versionOf`) and its sessions
     * (`FeedSession`, at most CALENDAR_FEED.maxEvents, in start order), so the version always
     * describes these very rows.
     */
    async snapshot(user: FeedOwner, window: FeedWindow) {
      return db.transaction(
        async (tx) => {
          const version = await versionQuery(tx, user, window);
          const patients = aliasedTable(users, 'feed_patients');
          const rows = await tx
            .select({
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
            .innerJoin(
              psychologistProfiles,
              eq(psychologistProfiles.userId, bookings.psychologistId),
            )
            .where(inFeed(user, window))
            .orderBy(asc(bookings.startsAt), asc(bookings.id))
            .limit(CALENDAR_FEED.maxEvents);
          return { version, rows };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /** The feed's version alone: one aggregate over the same rows, no session read. */
    versionOf(user: FeedOwner, window: FeedWindow) {
      return versionQuery(db, user, window);
    },
  };
}

export type FeedOwner = { id: string; role: 'patient' | 'psychologist' };
export type FeedWindow = { from: Date; to: Date; canceledSince: Date };
export type FeedSession = Awaited<
  ReturnType<ReturnType<typeof createCalendarFeedsRepository>['snapshot']>
>['rows'][number];

/**
 * A user's sessions starting in [from, to): booked ones, and canceled ones canceled after
 * `canceledSince` (a released hold or a removed event has no canceled_at, so it never appears).
 * Holds are never read.
 */
function inFeed(user: FeedOwner, window: FeedWindow) {
  return and(
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
  );
}

/**
 * A fingerprint of everything a feed shows, from its rows' keys and update times: how many
 * sessions, and the sum of a hash of each one's id and updated_at with its patient's and its
 * psychologist's profile's updated_at (a renamed or deleted account, a new display name). Any
 * session added, removed or changed, in any order and whatever the writers' clocks, changes it.
 * Every process computes the same value from the same rows, so an ETag made from it agrees across
 * processes without building the feed.
 */
async function versionQuery(db: Database, user: FeedOwner, window: FeedWindow) {
  const patients = aliasedTable(users, 'feed_patients');
  const epoch = (column: AnyColumn) => sql`coalesce(extract(epoch from ${column})::text, '-')`;
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      fingerprint: sql<string>`coalesce(sum(hashtextextended(${bookings.id}::text || ':' || ${epoch(bookings.updatedAt)} || ':' || ${epoch(patients.updatedAt)} || ':' || ${epoch(psychologistProfiles.updatedAt)}, 0)), 0)::text`,
    })
    .from(bookings)
    .leftJoin(patients, eq(patients.id, bookings.patientId))
    .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, bookings.psychologistId))
    .where(inFeed(user, window));
  return `${row!.sessions}:${row!.fingerprint}`;
}
