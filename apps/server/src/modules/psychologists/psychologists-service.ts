import {
  LANGUAGES,
  localDateOf,
  NEXT_AVAILABLE_DURATION_MINUTES,
  nextFreeStart,
  PICKER_DAYS,
  readPolicy,
  SPECIALIZATIONS,
  type Language,
  type ListPsychologistsQuery,
  type Psychologist,
  type PsychologistListItem,
  type Specialization,
  type UpdatePsychologistBody,
} from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError, localizedError } from '../../lib/errors';
import type { AuthUser } from '../auth/sessions-service';
import { meetingLinkChanges, readMeetingLinks } from './meeting-links';
import { flagNameIfTooClose } from './name-review';
import {
  createPsychologistsRepository,
  type ListedPsychologistRow,
  type ProfileChanges,
  type PsychologistRow,
} from './psychologists-repository';

/** In the psychologist's order; a value a later list no longer holds is left out, not a 500. */
const known = <T extends string>(list: readonly T[], values: readonly string[]): T[] =>
  values.filter((value): value is T => (list as readonly string[]).includes(value));

/**
 * Rates are kept in paise; the API speaks rupees under the names the original client reads. Only
 * what a patient may read: no email, no username.
 */
export function toPsychologistDto(
  row: Omit<NonNullable<PsychologistRow>, 'policy'> & { policy: unknown },
): Psychologist {
  return {
    id: row.id,
    displayName: row.displayName,
    timeZone: row.timeZone,
    session_20_minute_rate: row.rate20Paise / 100,
    session_45_minute_rate: row.rate45Paise / 100,
    specializations: known<Specialization>(SPECIALIZATIONS, row.specializations),
    languages: known<Language>(LANGUAGES, row.languages),
    bio: row.bio,
    yearsOfPractice: row.yearsOfPractice,
    registrationNumber: row.registrationNumber,
    policy: readPolicy(row.policy),
  };
}

/**
 * The first 20-minute session that can start in the patient's time picker's four weeks, by the same
 * shared rule the picker uses (nextFreeStart), over the row's facts.
 */
export function nextAvailable(row: ListedPsychologistRow, now: Date): string | null {
  const facts = {
    timeZone: row.timeZone,
    daysOff: row.offDays,
    unavailableDayParts: row.dayParts,
    blockedSlots: row.blocked.map((ms) => new Date(Number(ms)).toISOString()),
    busy: row.busy.map(([start, end]) => ({
      start: new Date(Number(start)).toISOString(),
      end: new Date(Number(end)).toISOString(),
    })),
  };
  const start = nextFreeStart(localDateOf(now, row.timeZone), PICKER_DAYS, {
    durationMinutes: NEXT_AVAILABLE_DURATION_MINUTES,
    now,
    facts,
    policy: readPolicy(row.policy),
  });
  return start ? start.toISOString() : null;
}

/** A quarter of an hour: every zone's half-hour rows start on one of these instants. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * When the patients' list would first read differently with nothing written: a listed first free
 * time passes its minimum notice, a hold among the facts runs out (its time may come free), or, for a
 * psychologist with no free time listed, the next quarter hour (their booking horizon and picker
 * window move on with the clock and may take in a free time). Every write is announced instead.
 */
export function directoryChangesAt(
  rows: ListedPsychologistRow[],
  items: PsychologistListItem[],
  now: Date,
): Date | null {
  let earliest = Infinity;
  for (const [index, row] of rows.entries()) {
    const item = items[index]!;
    if (row.firstHoldEnd !== null) earliest = Math.min(earliest, Number(row.firstHoldEnd));
    earliest = Math.min(
      earliest,
      item.next_available
        ? Date.parse(item.next_available) - item.policy.minNoticeMinutes * 60_000
        : (Math.floor(now.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS,
    );
  }
  return earliest === Infinity ? null : new Date(earliest);
}

export function createPsychologistsService(db: Database) {
  const repository = createPsychologistsRepository(db);

  /** Only verified, active psychologists can be read; one who deleted their account says so. */
  async function get(id: string, reader?: AuthUser): Promise<Psychologist> {
    const row = await repository.findWithStanding(id);
    if (row?.deletedAt) throw new AppError('PSYCHOLOGIST_GONE');
    if (!row?.emailVerifiedAt) throw new AppError('PSYCHOLOGIST_NOT_FOUND');
    const dto = toPsychologistDto(row);
    // A personal room's link is the psychologist's own: patients see a session's link once booked.
    if (reader?.id !== id) return dto;
    const links = await repository.findMeetingLinkColumns(id);
    return links ? { ...dto, meetingLinks: readMeetingLinks(links) } : dto;
  }

  return {
    get,

    /**
     * Everyone a patient may book with, matching the filters, soonest free first, and when that
     * answer changes with the clock alone (`changesAt`, for a cache to keep it no longer).
     */
    async list(
      query: ListPsychologistsQuery,
      now = new Date(),
    ): Promise<{ items: PsychologistListItem[]; changesAt: Date | null }> {
      const rows = await repository.listWithFacts(query, now, PICKER_DAYS);
      const listed = rows.map((row) => ({
        ...toPsychologistDto(row),
        next_available: nextAvailable(row, now),
      }));
      const changesAt = directoryChangesAt(rows, listed, now);
      // Stable: equal times (and "none") keep the name order the query gave.
      const items = listed.sort(
        (a, b) =>
          (a.next_available ? Date.parse(a.next_available) : Infinity) -
            (b.next_available ? Date.parse(b.next_available) : Infinity) || 0,
      );
      return { items, changesAt };
    },

    /** Only the psychologist edits their own profile. */
    async update(actor: AuthUser, id: string, body: UpdatePsychologistBody): Promise<Psychologist> {
      if (actor.id !== id) throw localizedError('FORBIDDEN', 'error.profile.own');
      await get(id);
      const changes: ProfileChanges = {};
      if (body.displayName !== undefined) changes.displayName = body.displayName;
      if (body.timeZone !== undefined) {
        const timeZone = await repository.canonicalTimeZone(body.timeZone);
        if (!timeZone) {
          throw localizedError('VALIDATION_FAILED', 'error.profile.timeZone');
        }
        changes.timeZone = timeZone;
      }
      if (body.session_20_minute_rate !== undefined) {
        changes.rate20Paise = body.session_20_minute_rate * 100;
      }
      if (body.session_45_minute_rate !== undefined) {
        changes.rate45Paise = body.session_45_minute_rate * 100;
      }
      if (body.specializations !== undefined) changes.specializations = body.specializations;
      if (body.languages !== undefined) changes.languages = body.languages;
      if (body.bio !== undefined) changes.bio = body.bio;
      if (body.yearsOfPractice !== undefined) changes.yearsOfPractice = body.yearsOfPractice;
      if (body.registrationNumber !== undefined) {
        changes.registrationNumber = body.registrationNumber;
      }
      if (body.policy !== undefined) changes.policy = body.policy;
      // Only the profile changes: sessions already booked keep the link they were given.
      if (body.meetingLinks !== undefined)
        Object.assign(changes, meetingLinkChanges(body.meetingLinks));
      await db.transaction(async (tx) => {
        await createPsychologistsRepository(tx).update(id, changes);
        if (changes.displayName !== undefined) {
          await flagNameIfTooClose(tx, id, changes.displayName);
        }
      });
      return get(id, actor);
    },
  };
}
