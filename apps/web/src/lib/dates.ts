import {
  dateTimeFormat,
  formatClock as formatClockIn,
  formatClockRange as formatClockRangeIn,
  formatLongDate as formatLongDateIn,
  formatMinuteLabel as formatMinuteLabelIn,
  formatSessionStart as formatSessionStartIn,
  formatSessionTime as formatSessionTimeIn,
  formatShortDay,
  intlLocale,
  zoneName,
} from '@sukoon/shared';
import { pageLocale } from '../i18n/locale';

// Formatters come from one cache (`dateTimeFormat`): making one per label made the week grid's
// render a long task on phones (issue 19). Every helper here writes in the page's language
// (pageLocale(): English as en-US, Hindi as hi-IN), so screens call them without passing it.

/** 12-hour, in a given IANA zone, in the page's language. */
export function formatInZone(
  instant: Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): string {
  return dateTimeFormat(intlLocale(pageLocale(), 'en-US'), { timeZone, ...options }).format(
    instant,
  );
}

/** 'Tue', '10 Mar' style labels for a calendar date (no time zone involved). */
export function formatDate(date: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(intlLocale(pageLocale(), 'en-US'), { timeZone: 'UTC', ...options }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * '23 – 29 Nov 2026', '30 Nov – 6 Dec 2026': a run of calendar dates (the week grid's title), day
 * before month as every other date on screen (decision 0010), the shared month and year written once.
 */
export function formatDateRange(from: string, to: string): string {
  return dateTimeFormat(intlLocale(pageLocale(), 'en-GB'), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}

/** 'Tue 10 Mar' for the day a session starts on, in a zone (the shared `formatShortDay`). */
export function formatSessionDay(start: Date, timeZone: string): string {
  return formatShortDay(start, timeZone, pageLocale());
}

/** '11:00 AM – 11:45 AM' in a zone. */
export function formatSessionTimes(start: Date, end: Date, timeZone: string): string {
  const time = (instant: Date) =>
    formatInZone(instant, timeZone, { hour: 'numeric', minute: '2-digit' });
  return `${time(start)} – ${time(end)}`;
}

/** 'Thu 27 Nov, 10:00 AM' in a zone: a next free time, in the picker and on the chooser's cards. */
export function formatNextAvailable(start: Date, timeZone: string): string {
  if (pageLocale() !== 'en')
    return formatInZone(start, timeZone, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
  const time = formatInZone(start, timeZone, { hour: 'numeric', minute: '2-digit' });
  return `${formatSessionDay(start, timeZone)}, ${time}`;
}

/** The shared time words (packages/shared/src/time-format.ts) in the page's language. */
export const formatClock = (instant: Date, timeZone: string) =>
  formatClockIn(instant, timeZone, pageLocale());
export const formatClockRange = (start: Date, end: Date, timeZone: string, withZone = true) =>
  formatClockRangeIn(start, end, timeZone, withZone, pageLocale());
export const formatLongDate = (instant: Date, timeZone: string) =>
  formatLongDateIn(instant, timeZone, pageLocale());
export const formatSessionTime = (start: Date, end: Date, timeZone: string) =>
  formatSessionTimeIn(start, end, timeZone, pageLocale());
export const formatSessionStart = (start: Date, timeZone: string) =>
  formatSessionStartIn(start, timeZone, pageLocale());

/** "9:00 AM" ("9:00 am" in Hindi) for minutes after midnight: the week grid's rows, the form's times. */
export function formatMinuteLabel(minute: number): string {
  if (pageLocale() === 'en') return formatMinuteLabelIn(minute);
  return formatInZone(new Date(Date.UTC(2026, 0, 1, 0, minute)), 'UTC', {
    hour: 'numeric',
    minute: '2-digit',
  });
}

let deviceZone: string | undefined;

/**
 * The viewer's own IANA zone, as the browser reports it when the page starts: asked once, since
 * making the formatter that tells it is slow on a phone and the dashboards ask on every render.
 */
export function deviceTimeZone(): string {
  deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}

/**
 * A zone's name for a sentence, in the page's language ('Times are in India Standard Time'; the
 * shared `zoneName`). Beside a time, the shared `zoneAbbreviation` ('IST') names it, as emails do.
 */
export function zoneLabel(timeZone: string): string {
  return zoneName(timeZone, pageLocale());
}
