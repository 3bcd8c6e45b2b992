import { dateTimeFormat } from './date-time-format';
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales';

/**
 * How a time is written, on every screen and in every email: "10:00 AM", "Tuesday, 10 March 2026",
 * and beside a time a zone named "IST" for India (the name people there use; other zones as their
 * offset, "GMT+1", or their common short name); a sentence names the zone in full ("Times are in
 * India Standard Time", `zoneName`). One place, so a session reads the same in the app and in the
 * inbox.
 * Each takes the reader's language last (English when left out): in Hindi, "10:00 am" and
 * "शुक्रवार, 27 नवंबर 2026"; the zone's name stays IST, as Hindi speakers write it too.
 */

/** "10:00 AM" in a zone. */
export function formatClock(
  instant: Date,
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return dateTimeFormat(intlLocale(locale, 'en-US'), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(instant);
}

function zoneNameIn(locale: string, timeZone: string, at: Date): string {
  const parts = dateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * A zone's short name where one is in common use: IST for India (Asia/Kolkata or its alias
 * Asia/Calcutta; en-IN knows it), EST or PDT for the Americas (en-US knows those), GMT; its offset
 * ("GMT+5:45") otherwise.
 */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const names = ['en-IN', 'en-US'].map((locale) => zoneNameIn(locale, timeZone, at));
  return names.find((name) => !/^(GMT|UTC)[+-]/.test(name)) ?? names[0]!;
}

/**
 * A zone's name where a sentence gives it ("Times are in India Standard Time"), in the reader's
 * language: its generic name as of today, the same in summer and winter ("Eastern Time", "भारतीय
 * मानक समय"). Beside a time the short name is used instead (`zoneAbbreviation`: "10:00 AM IST").
 * A zone with no name of its own reads as its offset ("GMT-05:00"), and UTC as UTC.
 */
export function zoneName(timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  const name = dateTimeFormat(intlLocale(locale, 'en-US'), {
    timeZone,
    timeZoneName: 'longGeneric',
  })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!name) return timeZone;
  return /^(GMT|UTC)([+-]00:00)?$/.test(name) ? 'UTC' : name;
}

/** "10:00 AM – 10:45 AM IST" in a zone; without the zone's name when `withZone` is false. */
export function formatClockRange(
  start: Date,
  end: Date,
  timeZone: string,
  withZone = true,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const range = `${formatClock(start, timeZone, locale)} – ${formatClock(end, timeZone, locale)}`;
  return withZone ? `${range} ${zoneAbbreviation(timeZone, start)}` : range;
}

/** "Tuesday, 10 March 2026" for the day an instant falls on in a zone. */
export function formatLongDate(
  instant: Date,
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return dateTimeFormat(intlLocale(locale, 'en-IN'), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(instant);
}

/** "Tuesday, 10 March 2026, 10:00 AM – 10:45 AM IST": a session as emails and dialogs give it. */
export function formatSessionTime(
  start: Date,
  end: Date,
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${formatLongDate(start, timeZone, locale)}, ${formatClockRange(start, end, timeZone, true, locale)}`;
}

/**
 * "Sat 28 Nov" ("Sat 28 Nov 2026" `withYear`): a day in a zone as people in India write it, the day
 * before the month. Intl's English puts the month first in some locales and a comma after the
 * weekday, so English is put together from its parts; Hindi reads day-first already ("शनि, 28 नव॰").
 */
export function formatShortDay(
  instant: Date,
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
  withYear = false,
): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone,
  };
  if (locale !== 'en') return dateTimeFormat(intlLocale(locale, 'en-GB'), options).format(instant);
  const parts = dateTimeFormat('en-GB', options).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((piece) => piece.type === type)?.value ?? '';
  return [part('weekday'), part('day'), part('month'), ...(withYear ? [part('year')] : [])].join(
    ' ',
  );
}

/**
 * "Sat 28 Nov 2026, 10:00 AM IST": when a session starts, in one short line (the move and
 * cancellation terms, a moved session's notice, the payment provider's description). In Hindi
 * "शनि, 28 नव॰ 2026, 10:00 am IST"; the zone's name is the same in every language.
 */
export function formatSessionStart(
  start: Date,
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const day = formatShortDay(start, timeZone, locale, true);
  return `${day}, ${formatClock(start, timeZone, locale)} ${zoneAbbreviation(timeZone, start)}`;
}
