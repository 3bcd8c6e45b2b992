import { TZDate } from '@date-fns/tz';
import { getISOWeek, parseISO } from 'date-fns';
import {
  BOOKING_HORIZON_WEEKS,
  DAY_PARTS,
  DAY_PART_MINUTES,
  SLOT_MINUTES,
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
  type DayPart,
} from './constants';
import { bookingWindow, noticeLabel, type BookingPolicy } from './policy-rules';
import { dateTimeFormat } from './date-time-format';

/**
 * Calendar arithmetic in a psychologist's time zone. Dates are `YYYY-MM-DD` strings (a day on the
 * psychologist's wall calendar); instants are `Date`s (UTC underneath). Everything here is pure, so the
 * server and the web grid draw and decide the same way.
 */

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a `YYYY-MM-DD` that names a real day (no 2026-02-30). */
export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Arithmetic, not a Date: this runs on every calendar request. (Years before 100 are refused, as
  // Date.UTC would read them as 19xx.)
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1];
  return year >= 100 && days !== undefined && day >= 1 && day <= days;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when the runtime knows the IANA zone name (e.g. `Asia/Kolkata`). */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    dateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function splitDate(date: IsoDate): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

/** The instant at `minute` minutes after local midnight of `date` in `timeZone`. */
export function zonedInstant(date: IsoDate, minute: number, timeZone: string): Date {
  const [year, month, day] = splitDate(date);
  return new Date(
    new TZDate(year, month - 1, day, Math.floor(minute / 60), minute % 60, timeZone).getTime(),
  );
}

/** The wall-calendar date of an instant in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): IsoDate {
  const local = new TZDate(instant.getTime(), timeZone);
  return formatIsoDate(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/** Minutes after local midnight of an instant in `timeZone`. */
export function localMinuteOf(instant: Date, timeZone: string): number {
  const local = new TZDate(instant.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** Minutes a zone's clocks are ahead of UTC at an instant: 330 for India, -300 for New York in winter. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  return -new TZDate(at.getTime(), timeZone).getTimezoneOffset() || 0;
}

/**
 * Whether two zones show the same clock time at every instant given: one zone under two names
 * (Chrome in India reports Asia/Calcutta, the IANA name is Asia/Kolkata), or two zones that agree
 * over what is on screen. A second "Your time" is shown only when this is false.
 */
export function sameClockTime(a: string, b: string, instants: readonly Date[]): boolean {
  return a === b || instants.every((at) => zoneOffsetMinutes(a, at) === zoneOffsetMinutes(b, at));
}

function formatIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Date arithmetic on plain calendar days (no time zone involved). */
export function addIsoDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = splitDate(date);
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = splitDate(from);
  const [y2, m2, d2] = splitDate(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  const [year, month, day] = splitDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export type WeekStart = 'monday' | 'sunday';

/** The seven dates of the week containing `date`: Monday first by default, Sunday when preferred. */
export function weekDates(date: IsoDate, weekStart: WeekStart = 'monday'): IsoDate[] {
  const first = weekStart === 'monday' ? 1 : 0;
  const back = (weekdayOf(date) - first + 7) % 7;
  const start = addIsoDays(date, -back);
  return Array.from({ length: 7 }, (_, index) => addIsoDays(start, index));
}

/** The ISO week number shown as 'Week {number}': that of the week's Monday (its Thursday's year). */
export function isoWeekNumber(date: IsoDate): number {
  return getISOWeek(parseISO(date));
}

/** The dates of the month grid that contains `date`: whole weeks, 28 to 42 days. */
export function monthGridDates(date: IsoDate, weekStart: WeekStart = 'monday'): IsoDate[] {
  const first = `${date.slice(0, 7)}-01`;
  const lastOfMonth = addIsoDays(addIsoDays(first, 31).slice(0, 7) + '-01', -1);
  const dates: IsoDate[] = [];
  for (let cursor = weekDates(first, weekStart)[0]!; ; cursor = addIsoDays(cursor, 1)) {
    if (daysBetween(cursor, lastOfMonth) < 0 && dates.length % 7 === 0) return dates;
    dates.push(cursor);
  }
}

/** Start minutes of the half-hour grid rows that can hold a session: 9:00 ... 20:30. */
export const SLOT_START_MINUTES: readonly number[] = Array.from(
  { length: (WORKING_DAY_END_MINUTE - WORKING_DAY_START_MINUTE) / SLOT_MINUTES },
  (_, index) => WORKING_DAY_START_MINUTE + index * SLOT_MINUTES,
);

/** The 25 labels of the week grid's time column: 9:00 AM ... 9:00 PM. */
export const TIME_LABEL_MINUTES: readonly number[] = [
  ...SLOT_START_MINUTES,
  WORKING_DAY_END_MINUTE,
];

/** `9:00 AM`-style label for minutes after midnight (en-US, 12-hour). */
export function formatMinuteLabel(minute: number): string {
  const hours24 = Math.floor(minute / 60) % 24;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${String(minute % 60).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

/** The day part a minute of the working day belongs to, or null outside working hours. */
export function dayPartOfMinute(minute: number): DayPart | null {
  return (
    DAY_PARTS.find(
      (part) => minute >= DAY_PART_MINUTES[part].start && minute < DAY_PART_MINUTES[part].end,
    ) ?? null
  );
}

/** True when `instant` is the start of a half-hour grid slot inside working hours, in `timeZone`. */
export function isGridSlotStart(instant: Date, timeZone: string): boolean {
  if (instant.getUTCSeconds() !== 0 || instant.getUTCMilliseconds() !== 0) return false;
  return SLOT_START_MINUTES.includes(localMinuteOf(instant, timeZone));
}

/** Everything a slot decision needs to know about one psychologist for the dates in question. */
export interface AvailabilityFacts {
  timeZone: string;
  /** Dates the psychologist marked 'Not available'. */
  daysOff: readonly IsoDate[];
  /** Day parts marked unavailable, per date. */
  unavailableDayParts: readonly { date: IsoDate; segment: DayPart }[];
  /** Start instants (ISO strings) of blocked half-hour slots. */
  blockedSlots: readonly string[];
  /** Booked or held intervals (ISO strings), without whose they are. */
  busy: readonly { start: string; end: string }[];
}

export type SlotProblem =
  | 'NOT_WHOLE_MINUTE'
  | 'OUTSIDE_HOURS'
  | 'PAST'
  | 'TOO_FAR_AHEAD'
  | 'TOO_SOON'
  | 'DAY_OFF'
  | 'DAY_PART_UNAVAILABLE'
  | 'BLOCKED'
  | 'OVERLAP'
  | 'NO_BREAK';

export interface SlotQuestion {
  start: Date;
  durationMinutes: number;
  now: Date;
  facts: AvailabilityFacts;
  /**
   * The psychologist's booking policy, for a patient's booking or move: minimum notice, horizon and
   * the break after each session. Without it (the psychologist's own calendar) only the 52-week
   * limit applies.
   */
  policy?: BookingPolicy | undefined;
}

function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/**
 * One date's facts as instants (milliseconds), worked out once: the rule below then judges each start
 * of that date with arithmetic alone, so a day's or four weeks' times are quick to list.
 */
export interface DayFacts {
  date: IsoDate;
  dayStart: number;
  dayEnd: number;
  dayOff: boolean;
  /** Unavailable day parts, blocked slots and busy intervals of this date, as [start, end). */
  partsOff: readonly (readonly [number, number])[];
  blocked: readonly (readonly [number, number])[];
  busy: readonly (readonly [number, number])[];
}

export function dayFactsOf(date: IsoDate, facts: AvailabilityFacts): DayFacts {
  const dayStart = zonedInstant(date, WORKING_DAY_START_MINUTE, facts.timeZone).getTime();
  const dayEnd = zonedInstant(date, WORKING_DAY_END_MINUTE, facts.timeZone).getTime();
  const within = ([start, end]: readonly [number, number]) =>
    overlaps(start, end, dayStart, dayEnd);
  return {
    date,
    dayStart,
    dayEnd,
    dayOff: facts.daysOff.includes(date),
    partsOff: facts.unavailableDayParts
      .filter((off) => off.date === date)
      .map(({ segment }) => {
        const part = DAY_PART_MINUTES[segment];
        return [
          zonedInstant(date, part.start, facts.timeZone).getTime(),
          zonedInstant(date, part.end, facts.timeZone).getTime(),
        ] as const;
      }),
    blocked: facts.blockedSlots
      .map((blocked) => {
        const start = Date.parse(blocked);
        return [start, start + SLOT_MINUTES * 60_000] as const;
      })
      .filter(within),
    busy: facts.busy
      .map((interval) => [Date.parse(interval.start), Date.parse(interval.end)] as const)
      .filter(within),
  };
}

/** `slotProblem` for a start on the date `day` describes (the start's own date in the zone). */
export function slotProblemOnDay(
  startMs: number,
  durationMinutes: number,
  now: Date,
  day: DayFacts,
  policy?: BookingPolicy,
): SlotProblem | null {
  const endMs = startMs + durationMinutes * 60_000;
  if (startMs % 60_000 !== 0) return 'NOT_WHOLE_MINUTE';
  if (durationMinutes <= 0 || startMs < day.dayStart || endMs > day.dayEnd) return 'OUTSIDE_HOURS';
  if (startMs <= now.getTime()) return 'PAST';
  const window = policy
    ? bookingWindow(now, policy)
    : { earliest: 0, latest: now.getTime() + BOOKING_HORIZON_WEEKS * 7 * 86_400_000 };
  if (startMs > window.latest) return 'TOO_FAR_AHEAD';
  if (startMs < window.earliest) return 'TOO_SOON';
  if (day.dayOff) return 'DAY_OFF';
  const hits = ([start, end]: readonly [number, number]) => overlaps(startMs, endMs, start, end);
  if (day.partsOff.some(hits)) return 'DAY_PART_UNAVAILABLE';
  if (day.blocked.some(hits)) return 'BLOCKED';
  if (day.busy.some(hits)) return 'OVERLAP';
  // The break follows every session, the new one's too: neither may start inside the other's.
  const gap = (policy?.breakMinutes ?? 0) * 60_000;
  if (
    gap > 0 &&
    day.busy.some(([start, end]) => overlaps(startMs, endMs + gap, start, end + gap))
  ) {
    return 'NO_BREAK';
  }
  return null;
}

/**
 * Why a session starting at `start` cannot be booked, or null when it can. The one rule of the product
 * (decisions, "Calendar rules"): inside working hours in the psychologist's zone, every day part it
 * touches available, not on a day off, not over a blocked slot, not in the past, no overlap with a
 * booking or hold.
 */
export function slotProblem({
  start,
  durationMinutes,
  now,
  facts,
  policy,
}: SlotQuestion): SlotProblem | null {
  const day = dayFactsOf(localDateOf(start, facts.timeZone), facts);
  return slotProblemOnDay(start.getTime(), durationMinutes, now, day, policy);
}

export function isSlotBookable(question: SlotQuestion): boolean {
  return slotProblem(question) === null;
}

/** What a person reads when a slot cannot be booked. */
export const SLOT_PROBLEM_MESSAGES: Record<SlotProblem, string> = {
  NOT_WHOLE_MINUTE: 'A session starts on a whole minute (such as 10:30 AM), not between minutes.',
  OUTSIDE_HOURS: 'Sessions run between 9:00 AM and 9:00 PM in the psychologist’s time zone.',
  PAST: 'That time has already passed. Please choose a later slot.',
  TOO_FAR_AHEAD: `Sessions can be booked up to ${BOOKING_HORIZON_WEEKS} weeks ahead. Please choose an earlier date.`,
  TOO_SOON: 'This psychologist needs more notice for a session. Please choose a later time.',
  DAY_OFF: 'The psychologist is not available on that day.',
  DAY_PART_UNAVAILABLE: 'The psychologist is not available at that time of day.',
  BLOCKED: 'The psychologist has blocked that slot.',
  OVERLAP: 'That slot is already taken. Please choose another time.',
  NO_BREAK:
    'This psychologist keeps a break after each session, so that time is too close to another one.',
};

/** SLOT_PROBLEM_MESSAGES, with the psychologist's own notice and horizon when a policy applies. */
export function slotProblemMessage(problem: SlotProblem, policy?: BookingPolicy): string {
  if (policy && problem === 'TOO_SOON') {
    return `${noticeLabel(policy)}: please choose a later time.`;
  }
  if (policy && problem === 'TOO_FAR_AHEAD') {
    return `Sessions can be booked up to ${policy.horizonWeeks} week${policy.horizonWeeks === 1 ? '' : 's'} ahead. Please choose an earlier date.`;
  }
  if (policy && problem === 'NO_BREAK') {
    return `This psychologist keeps ${policy.breakMinutes} minutes free after each session, so that time is too close to another one.`;
  }
  return SLOT_PROBLEM_MESSAGES[problem];
}
