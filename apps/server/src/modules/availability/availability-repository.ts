import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DayPart } from '@sukoon/shared';
import { queryRows, type Database } from '../../db/client';
import {
  blockedSlots,
  bookings,
  daysOff,
  psychologistProfiles,
  unavailableDayParts,
  users,
} from '../../db/schema';

export interface AvailabilityWindow {
  timeZone: string;
  /** The psychologist deleted their account: nothing in the window may be booked. */
  gone: boolean;
  dayParts: { date: string; segment: DayPart }[];
  offDays: string[];
  /** Epoch milliseconds. */
  blocked: number[];
  busy: [number, number][];
  /** When the earliest hold in the window runs out (epoch ms): the picture changes then by itself. */
  nextHoldExpiry: number | null;
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** The psychologist's profile as a slot check reads it with the facts (`slotFacts`). */
export interface SlotProfile {
  id: string;
  displayName: string;
  rate20Paise: number;
  rate45Paise: number;
  policy: unknown;
}

/**
 * The one statement behind a calendar read; exported so the benchmark can EXPLAIN exactly it. With
 * `{ at }` instead of dates, the window is the psychologist's local day of that instant, worked out in
 * the same statement from their stored zone (a slot check, which has no date until it knows the zone);
 * `profile` adds what a hold is priced and described by; `exceptBookingId` leaves that booking's own
 * intervals out of `busy` (a session being moved, a patient's hold being replaced).
 */
export function availabilityWindowQuery(
  psychologistId: string,
  dates: { from: string; to: string } | { at: Date },
  options: { profile?: boolean; exceptBookingId?: string | undefined } = {},
) {
  const localDay =
    'at' in dates
      ? sql`(${dates.at.toISOString()}::timestamptz at time zone pp.time_zone)::date`
      : null;
  // Inside p (where pp is the profile) and after it (where p carries the local day).
  const fromInP = localDay ?? sql`${'from' in dates ? dates.from : ''}::date`;
  const toInP = localDay ?? sql`${'to' in dates ? dates.to : ''}::date`;
  const from = localDay ? sql`p.local_day` : fromInP;
  const to = localDay ? sql`p.local_day` : toInP;
  const except = options.exceptBookingId
    ? sql`and b.id <> ${options.exceptBookingId}::uuid`
    : sql``;
  return sql`with p as (
          select pp.user_id as id, pp.time_zone, u.deleted_at is not null as gone,${localDay ? sql` ${localDay} as local_day,` : sql``}${
            options.profile
              ? sql` pp.display_name, pp.rate_20_paise, pp.rate_45_paise, pp.policy,`
              : sql``
          }
                 ${fromInP}::timestamp at time zone pp.time_zone as from_at,
                 (${toInP} + 1)::timestamp at time zone pp.time_zone as to_at
            from ${psychologistProfiles} pp
            join ${users} u on u.id = pp.user_id and u.role = 'psychologist'
           where pp.user_id = ${psychologistId}
             -- Never verified: unknown to patients. Deleted: found, so the answer can say they left.
             and (u.email_verified_at is not null or u.deleted_at is not null)
        )
        select p.time_zone as "timeZone", p.gone,${
          options.profile
            ? sql` p.id, p.display_name as "displayName", p.rate_20_paise as "rate20Paise",
                 p.rate_45_paise as "rate45Paise", p.policy,`
            : sql``
        }
          (select coalesce(json_agg(json_build_object('date', d.date::text, 'segment', d.segment)
                                    order by d.date, d.segment), '[]'::json)
             from ${unavailableDayParts} d
            where d.psychologist_id = p.id
              and d.date between ${from} and ${to}) as "dayParts",
          (select coalesce(json_agg(o.date::text order by o.date), '[]'::json)
             from ${daysOff} o
            where o.psychologist_id = p.id
              and o.date between ${from} and ${to}) as "offDays",
          (select coalesce(json_agg(${epochMs(sql`s.starts_at`)} order by s.starts_at), '[]'::json)
             from ${blockedSlots} s
            where s.psychologist_id = p.id
              and s.starts_at >= p.from_at and s.starts_at < p.to_at) as "blocked",
          (select coalesce(json_agg(json_build_array(${epochMs(sql`t.starts_at`)}, ${epochMs(sql`t.ends_at`)})
                                    order by t.starts_at), '[]'::json)
             from (select b.starts_at, b.ends_at
                     from ${bookings} b
                    where b.psychologist_id = p.id
                      and b.starts_at < p.to_at and b.ends_at > p.from_at
                      -- No session is longer than 45 minutes (a check constraint), so this bound lets
                      -- the (psychologist, starts_at) index read only the window, not all history.
                      and b.starts_at > p.from_at - interval '45 minutes'
                      -- A hold past its expiry no longer blocks, even before anything expired it.
                      and (b.status = 'booked' or (b.status = 'held' and b.hold_expires_at > now()))
                      ${except}
                   union all
                   -- A longer length waiting for its payment keeps its interval too, until it expires.
                   select b.pending_starts_at, b.pending_ends_at
                     from ${bookings} b
                    where b.psychologist_id = p.id
                      and b.pending_starts_at < p.to_at and b.pending_ends_at > p.from_at
                      and b.pending_starts_at > p.from_at - interval '45 minutes'
                      and b.status = 'booked' and b.pending_expires_at > now()
                      ${except}) t) as "busy",
          (select (extract(epoch from min(t.expires_at)) * 1000)::float8
             from (select b.hold_expires_at as expires_at
                     from ${bookings} b
                    where b.psychologist_id = p.id
                      and b.starts_at < p.to_at and b.ends_at > p.from_at
                      and b.starts_at > p.from_at - interval '45 minutes'
                      and b.status = 'held' and b.hold_expires_at > now()
                   union all
                   select b.pending_expires_at
                     from ${bookings} b
                    where b.psychologist_id = p.id
                      and b.pending_starts_at < p.to_at and b.pending_ends_at > p.from_at
                      and b.pending_starts_at > p.from_at - interval '45 minutes'
                      and b.status = 'booked' and b.pending_expires_at > now()) t) as "nextHoldExpiry"
        from p`;
}

export function createAvailabilityRepository(db: Database) {
  return {
    /**
     * The psychologist's time zone with every stored exception and every live booking or unexpired
     * hold between local midnight of `from` and local midnight after `to`, in one round trip (sub-selects
     * aggregated to JSON), so a calendar read takes one pooled connection once. Instants come back as
     * epoch milliseconds so no session time zone can change their text. Undefined for an unknown or
     * unverified psychologist.
     */
    async window(
      psychologistId: string,
      dates: { from: string; to: string },
    ): Promise<AvailabilityWindow | undefined> {
      const [row] = await queryRows<AvailabilityWindow>(
        db,
        availabilityWindowQuery(psychologistId, dates),
      );
      return row;
    },

    /**
     * A slot check's one read: the psychologist's profile (rates, policy, name) with the facts of their
     * local day of `at`, `exceptBookingId`'s own intervals left out. Undefined as `window`.
     */
    async slotFacts(
      psychologistId: string,
      at: Date,
      exceptBookingId?: string,
    ): Promise<(AvailabilityWindow & SlotProfile) | undefined> {
      const [row] = await queryRows<AvailabilityWindow & SlotProfile>(
        db,
        availabilityWindowQuery(psychologistId, { at }, { profile: true, exceptBookingId }),
      );
      return row;
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
