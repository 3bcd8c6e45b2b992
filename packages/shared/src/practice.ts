import { z } from 'zod';
import { dateTimeFormat } from './date-time-format';
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales';

/**
 * The psychologists' Practice page (issue 21): which stretch of time it covers and what it answers.
 * Every period is in India Standard Time (UTC+05:30 all year, no daylight saving), and the financial
 * year runs from 1 April to 31 March. The server bounds its queries with these functions and the web
 * app labels and steps through periods with the same ones.
 */

export const PRACTICE_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** Years the page accepts: enough either side of today, and no arithmetic near Date's limits. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

export const PRACTICE_PERIOD_KINDS = ['month', 'quarter', 'fy'] as const;
export type PracticePeriodKind = (typeof PRACTICE_PERIOD_KINDS)[number];

/** A month (1-12), a quarter of a financial year (Q1 is April to June), or a financial year. */
export type PracticePeriod =
  | { kind: 'month'; year: number; month: number }
  | { kind: 'quarter'; fy: number; quarter: number }
  | { kind: 'fy'; fy: number };

/** `2026-11`, `FY2026-Q3` (October to December 2026) or `FY2026` (April 2026 to March 2027). */
const PERIOD_KEY = /^(?:(\d{4})-(0[1-9]|1[0-2])|FY(\d{4})-Q([1-4])|FY(\d{4}))$/;

export function parsePeriodKey(key: string): PracticePeriod | null {
  const match = PERIOD_KEY.exec(key);
  if (!match) return null;
  const [, year, month, quarterFy, quarter, fy] = match;
  const period: PracticePeriod = year
    ? { kind: 'month', year: Number(year), month: Number(month) }
    : quarterFy
      ? { kind: 'quarter', fy: Number(quarterFy), quarter: Number(quarter) }
      : { kind: 'fy', fy: Number(fy) };
  const first = period.kind === 'month' ? period.year : period.fy;
  return first >= FIRST_YEAR && first <= LAST_YEAR ? period : null;
}

export function periodKey(period: PracticePeriod): string {
  switch (period.kind) {
    case 'month':
      return `${period.year}-${String(period.month).padStart(2, '0')}`;
    case 'quarter':
      return `FY${period.fy}-Q${period.quarter}`;
    case 'fy':
      return `FY${period.fy}`;
  }
}

export const PracticePeriodKey = z.string().refine((key) => parsePeriodKey(key) !== null, {
  message: 'Choose a month (2026-11), a quarter (FY2026-Q3) or a financial year (FY2026)',
});

export const PracticeQuery = z.object({ period: PracticePeriodKey });
export type PracticeQuery = z.infer<typeof PracticeQuery>;

/** Months since January 2000 of the period's first month, and how many months it spans. */
function monthSpan(period: PracticePeriod): { first: number; months: number } {
  switch (period.kind) {
    case 'month':
      return { first: period.year * 12 + period.month - 1, months: 1 };
    case 'quarter':
      return { first: period.fy * 12 + 3 + (period.quarter - 1) * 3, months: 3 };
    case 'fy':
      return { first: period.fy * 12 + 3, months: 12 };
  }
}

/** The instant of midnight IST at the start of a month counted as year * 12 + (month - 1). */
function istMonthStart(monthIndex: number): Date {
  return new Date(Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1) - IST_OFFSET_MS);
}

/** The period's instants: from midnight IST of its first day, up to (not including) the next's. */
export function periodBounds(period: PracticePeriod): { from: Date; to: Date } {
  const { first, months } = monthSpan(period);
  return { from: istMonthStart(first), to: istMonthStart(first + months) };
}

/** The calendar date in IST of an instant: year, month (1-12), day and ISO weekday (1 = Monday). */
export function istDate(instant: Date) {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: ((shifted.getUTCDay() + 6) % 7) + 1,
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The financial year (by its first year) an instant falls in, in IST. */
export function financialYearOf(instant: Date): number {
  const { year, month } = istDate(instant);
  return month >= 4 ? year : year - 1;
}

/** The period of this kind that holds the instant. */
export function periodContaining(kind: PracticePeriodKind, instant: Date): PracticePeriod {
  const { year, month } = istDate(instant);
  const fy = financialYearOf(instant);
  if (kind === 'month') return { kind, year, month };
  if (kind === 'fy') return { kind, fy };
  return { kind, fy, quarter: Math.floor(((month + 8) % 12) / 3) + 1 };
}

/** The period `steps` periods of the same kind later (earlier when negative). */
export function shiftPeriod(period: PracticePeriod, steps: number): PracticePeriod {
  switch (period.kind) {
    case 'month': {
      const index = period.year * 12 + period.month - 1 + steps;
      return { kind: 'month', year: Math.floor(index / 12), month: (index % 12) + 1 };
    }
    case 'quarter': {
      const index = period.fy * 4 + period.quarter - 1 + steps;
      return { kind: 'quarter', fy: Math.floor(index / 4), quarter: (index % 4) + 1 };
    }
    case 'fy':
      return { kind: 'fy', fy: period.fy + steps };
  }
}

/** Whether the period's key is one the page accepts (the years it can step to are bounded). */
export function isPeriodInRange(period: PracticePeriod): boolean {
  return parsePeriodKey(periodKey(period)) !== null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const fyName = (fy: number) => `FY ${fy}–${String((fy + 1) % 100).padStart(2, '0')}`;

/** The first day of a month counted as year * 12 + (month - 1), as a calendar date (UTC). */
const monthDate = (index: number) => new Date(Date.UTC(Math.floor(index / 12), index % 12, 1));

/**
 * "November 2026", "Q3 FY 2026–27 (Oct–Dec 2026)", "FY 2026–27 (Apr 2026–Mar 2027)": a period as
 * the Practice page names it, in the reader's language (English when left out). Month names and
 * spans are the language's own (`Intl`, as the date helpers write them: "नवंबर 2026",
 * "अक्टू॰–दिस॰ 2026"); the quarter and financial year keep their names "Q3" and "FY 2026–27", as
 * Indian accounts write them in either language.
 */
export function periodLabel(period: PracticePeriod, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== 'en') return localPeriodLabel(period, intlLocale(locale, 'en-IN'));
  if (period.kind === 'month') return `${MONTHS[period.month - 1]} ${period.year}`;
  const { first, months } = monthSpan(period);
  const last = first + months - 1;
  const short = (index: number) => MONTHS[index % 12]!.slice(0, 3);
  const span =
    period.kind === 'quarter'
      ? `${short(first)}–${short(last)} ${Math.floor(last / 12)}`
      : `${short(first)} ${Math.floor(first / 12)}–${short(last)} ${Math.floor(last / 12)}`;
  const name =
    period.kind === 'quarter' ? `Q${period.quarter} ${fyName(period.fy)}` : fyName(period.fy);
  return `${name} (${span})`;
}

function localPeriodLabel(period: PracticePeriod, intlTag: string): string {
  const { first, months } = monthSpan(period);
  if (period.kind === 'month') {
    return dateTimeFormat(intlTag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      monthDate(first),
    );
  }
  const span = dateTimeFormat(intlTag, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(monthDate(first), monthDate(first + months - 1));
  const name =
    period.kind === 'quarter' ? `Q${period.quarter} ${fyName(period.fy)}` : fyName(period.fy);
  return `${name} (${span})`;
}

/** Midnight IST of the Monday that starts the instant's week. */
export function istWeekStart(instant: Date): Date {
  const { weekday } = istDate(instant);
  const shifted = instant.getTime() + IST_OFFSET_MS;
  const midnight = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(midnight - (weekday - 1) * DAY_MS - IST_OFFSET_MS);
}

/** The IST date `YYYY-MM-DD` of an instant. */
export function istDateKey(instant: Date): string {
  const { year, month, day } = istDate(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The weeks (Monday to Sunday, IST) the period touches, by the IST date of their Monday: the first
 * may begin before the period and the last end after it; the page counts only what is inside it.
 */
export function periodWeeks(period: PracticePeriod): string[] {
  const { from, to } = periodBounds(period);
  const weeks: string[] = [];
  for (let start = istWeekStart(from).getTime(); start < to.getTime(); start += 7 * DAY_MS) {
    weeks.push(istDateKey(new Date(start)));
  }
  return weeks;
}

/** Share of marked sessions the patient came to; null when none was marked. */
export function attendanceRate(attended: number, absent: number): number | null {
  return attended + absent === 0 ? null : attended / (attended + absent);
}

const Count = z.number().int().nonnegative();

/** How the period's sessions (by their start) turned out. */
export const PracticeOutcomes = z.object({
  attended: Count,
  absent: Count,
  canceledByPatient: Count,
  canceledByPsychologist: Count,
  /** Booked sessions nobody has marked yet (upcoming, or left unmarked). */
  notMarked: Count,
});
export type PracticeOutcomes = z.infer<typeof PracticeOutcomes>;

/** Money that moved in the period (by when it moved), in paise. Net = gross - refunds - penalties. */
export const PracticeMoney = z.object({
  grossPaise: z.number().int(),
  refundsPaise: z.number().int(),
  penaltiesPaise: z.number().int(),
  netPaise: z.number().int(),
});
export type PracticeMoney = z.infer<typeof PracticeMoney>;

export const PracticeWeek = z.object({
  /** IST date of the week's Monday. */
  weekStart: z.string(),
  outcomes: PracticeOutcomes,
  money: PracticeMoney,
});
export type PracticeWeek = z.infer<typeof PracticeWeek>;

/** Minutes of booked sessions in one hour of one weekday (1 = Monday), IST. */
export const PracticeHeatCell = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  minutes: Count,
});
export type PracticeHeatCell = z.infer<typeof PracticeHeatCell>;

export const PracticeSummary = z.object({
  period: z.object({
    key: z.string(),
    kind: z.enum(PRACTICE_PERIOD_KINDS),
    label: z.string(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  }),
  /** Every session booked for the period: the outcomes added up. */
  booked: Count,
  outcomes: PracticeOutcomes,
  /** Attended among attended and absent; null when none was marked. */
  attendanceRate: z.number().min(0).max(1).nullable(),
  money: PracticeMoney,
  weeks: z.array(PracticeWeek),
  /** Only hours with booked time; the rest are empty. */
  heatMap: z.array(PracticeHeatCell),
  busiestDays: z.array(z.object({ weekday: z.number().int(), minutes: Count })),
  busiestHours: z.array(z.object({ hour: z.number().int(), minutes: Count })),
  /** Patients with a session (not canceled) in the period; new = their first session with you. */
  patients: z.object({ total: Count, new: Count, returning: Count }),
});
export type PracticeSummary = z.infer<typeof PracticeSummary>;

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
