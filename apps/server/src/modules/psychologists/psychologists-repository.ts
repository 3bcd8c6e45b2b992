import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  DayPart,
  ListPsychologistsQuery,
  MeetingLinkMethod,
  PracticePolicy,
} from '@sukoon/shared';
import { queryRows, type Database } from '../../db/client';
import {
  blockedSlots,
  bookings,
  daysOff,
  psychologistProfiles,
  unavailableDayParts,
  users,
} from '../../db/schema';

export type ProfileChanges = Partial<{
  displayName: string;
  timeZone: string;
  rate20Paise: number;
  rate45Paise: number;
  specializations: string[];
  languages: string[];
  bio: string;
  yearsOfPractice: number;
  registrationNumber: string | null;
  policy: PracticePolicy;
  meetingLinkMethod: MeetingLinkMethod;
  jitsiServer: string | null;
  personalMeetingLink: string | null;
}>;

const columns = {
  id: users.id,
  displayName: psychologistProfiles.displayName,
  timeZone: psychologistProfiles.timeZone,
  rate20Paise: psychologistProfiles.rate20Paise,
  rate45Paise: psychologistProfiles.rate45Paise,
  specializations: psychologistProfiles.specializations,
  languages: psychologistProfiles.languages,
  bio: psychologistProfiles.bio,
  yearsOfPractice: psychologistProfiles.yearsOfPractice,
  registrationNumber: psychologistProfiles.registrationNumber,
  policy: psychologistProfiles.policy,
};

/** A listed psychologist's profile with the availability facts of the window the list looks at. */
export interface ListedPsychologistRow {
  id: string;
  displayName: string;
  timeZone: string;
  rate20Paise: number;
  rate45Paise: number;
  specializations: string[];
  languages: string[];
  bio: string;
  yearsOfPractice: number | null;
  registrationNumber: string | null;
  policy: unknown;
  dayParts: { date: string; segment: DayPart }[];
  offDays: string[];
  /** Epoch milliseconds. */
  blocked: (number | string)[];
  busy: [number | string, number | string][];
  /** When the first of the holds among `busy` runs out (epoch milliseconds), if any is a hold. */
  firstHoldEnd: number | string | null;
}

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The statement behind the patients' list: every verified, active psychologist matching the filters,
 * each with their stored exceptions and live bookings or unexpired holds from `from` for `days` days
 * (sub-selects aggregated to JSON, as the calendar read does), so the list with everyone's next free
 * time costs one round trip however many psychologists there are.
 */
export function listWithFactsQuery(filters: ListPsychologistsQuery, from: Date, days: number) {
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const toAt = sql`(${fromAt} + make_interval(days => ${days + 1}::int))`;
  return sql`with p as (
          select pp.user_id as id, pp.display_name, pp.time_zone, pp.rate_20_paise, pp.rate_45_paise,
                 pp.specializations, pp.languages, pp.bio, pp.years_of_practice, pp.registration_number,
                 pp.policy,
                 (${fromAt} at time zone pp.time_zone)::date as from_date
            from ${psychologistProfiles} pp
            join ${users} u on u.id = pp.user_id and u.role = 'psychologist'
           where u.email_verified_at is not null and u.deleted_at is null
             ${filters.specialization ? sql`and pp.specializations @> array[${filters.specialization}]::text[]` : sql``}
             ${filters.language ? sql`and pp.languages @> array[${filters.language}]::text[]` : sql``}
        )
        select p.id, p.display_name as "displayName", p.time_zone as "timeZone",
          p.rate_20_paise as "rate20Paise", p.rate_45_paise as "rate45Paise",
          p.specializations, p.languages, p.bio, p.years_of_practice as "yearsOfPractice",
          p.registration_number as "registrationNumber", p.policy,
          (select coalesce(json_agg(json_build_object('date', d.date::text, 'segment', d.segment)), '[]'::json)
             from ${unavailableDayParts} d
            where d.psychologist_id = p.id
              and d.date between p.from_date and p.from_date + ${days + 1}::int) as "dayParts",
          (select coalesce(json_agg(o.date::text), '[]'::json)
             from ${daysOff} o
            where o.psychologist_id = p.id
              and o.date between p.from_date and p.from_date + ${days + 1}::int) as "offDays",
          (select coalesce(json_agg(${epochMs(sql`s.starts_at`)}), '[]'::json)
             from ${blockedSlots} s
            where s.psychologist_id = p.id
              and s.starts_at >= ${fromAt} - interval '30 minutes' and s.starts_at < ${toAt}) as "blocked",
          (select coalesce(json_agg(json_build_array(${epochMs(sql`b.starts_at`)}, ${epochMs(sql`b.ends_at`)})), '[]'::json)
             from ${bookings} b
            where b.psychologist_id = p.id
              and b.starts_at < ${toAt} and b.ends_at > ${fromAt}
              and b.starts_at > ${fromAt} - interval '45 minutes'
              and (b.status = 'booked' or (b.status = 'held' and b.hold_expires_at > ${fromAt}))) as "busy",
          (select ${epochMs(sql`min(b.hold_expires_at)`)}
             from ${bookings} b
            where b.psychologist_id = p.id
              and b.starts_at < ${toAt} and b.ends_at > ${fromAt}
              and b.starts_at > ${fromAt} - interval '45 minutes'
              and b.status = 'held' and b.hold_expires_at > ${fromAt}) as "firstHoldEnd"
        from p
        order by p.display_name, p.id`;
}

export type PsychologistRow = Awaited<
  ReturnType<ReturnType<typeof createPsychologistsRepository>['findById']>
>;

export function createPsychologistsRepository(db: Database) {
  return {
    /**
     * The database's own spelling of a time zone name, or undefined when it does not know it: the
     * calendar query converts times in SQL, so a name only the browser knows would break it.
     */
    async canonicalTimeZone(name: string) {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select name from pg_timezone_names where lower(name) = lower(${name}) order by name limit 1`,
      );
      return rows[0]?.name;
    },

    async findById(id: string) {
      const [row] = await db
        .select(columns)
        .from(psychologistProfiles)
        .innerJoin(users, eq(users.id, psychologistProfiles.userId))
        .where(and(eq(users.id, id), eq(users.role, 'psychologist')))
        .limit(1);
      return row;
    },

    /**
     * A profile with what decides whether patients may see it: a verified email and an account not
     * deleted. (findById also finds the others, for the emails and exports of past sessions.)
     */
    async findWithStanding(id: string) {
      const [row] = await db
        .select({
          ...columns,
          emailVerifiedAt: users.emailVerifiedAt,
          deletedAt: users.deletedAt,
        })
        .from(psychologistProfiles)
        .innerJoin(users, eq(users.id, psychologistProfiles.userId))
        .where(and(eq(users.id, id), eq(users.role, 'psychologist')))
        .limit(1);
      return row;
    },

    /**
     * Psychologists with a verified email and an active account (the ones a patient may book with),
     * filtered, with the availability facts of the `days` days from `from`.
     */
    listWithFacts(filters: ListPsychologistsQuery, from: Date, days: number) {
      return queryRows<ListedPsychologistRow>(db, listWithFactsQuery(filters, from, days));
    },

    /** How this psychologist's sessions get their link (only their own answers and new sessions read it). */
    async findMeetingLinkColumns(id: string) {
      const [row] = await db
        .select({
          meetingLinkMethod: psychologistProfiles.meetingLinkMethod,
          jitsiServer: psychologistProfiles.jitsiServer,
          personalMeetingLink: psychologistProfiles.personalMeetingLink,
        })
        .from(psychologistProfiles)
        .where(eq(psychologistProfiles.userId, id))
        .limit(1);
      return row;
    },

    async update(id: string, changes: ProfileChanges) {
      await db.update(psychologistProfiles).set(changes).where(eq(psychologistProfiles.userId, id));
    },
  };
}
