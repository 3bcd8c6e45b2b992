import {
  dateTimeFormat,
  formatClock,
  formatInr,
  formatSessionStart,
  formatSessionTime,
  zoneAbbreviation,
  type Locale,
} from '@sukoon/shared';

/**
 * Times and money as one reader of an email reads them (issue 22). English keeps the shared
 * formatters, exactly as the app writes them; every other language uses Intl with its own locale:
 * Hindi (`hi-IN`) writes weekday and month names in Hindi with Western digits, and rupees with
 * Indian grouping. The zone keeps the short name people use (IST) in every language.
 */
const INTL_LOCALE: Record<Exclude<Locale, 'en'>, string> = { hi: 'hi-IN-u-nu-latn' };

const inrFormatters = new Map<string, Intl.NumberFormat>();

/** ₹1,234 or ₹12,34,567.50 from paise, in a language. */
export function formatInrIn(locale: Locale, paise: number): string {
  if (locale === 'en') return formatInr(paise);
  let formatter = inrFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      trailingZeroDisplay: 'stripIfInteger',
    });
    inrFormatters.set(locale, formatter);
  }
  return formatter.format(paise / 100);
}

/** "10:00 AM" (English), "10:00 am" (Hindi) in a zone. */
export function formatClockIn(locale: Locale, instant: Date, timeZone: string): string {
  if (locale === 'en') return formatClock(instant, timeZone);
  return dateTimeFormat(INTL_LOCALE[locale], {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(instant);
}

/** "Tuesday" (English), "मंगलवार" (Hindi): the weekday an instant falls on in a zone. */
export function formatWeekdayIn(locale: Locale, instant: Date, timeZone: string): string {
  return dateTimeFormat(locale === 'en' ? 'en-IN' : INTL_LOCALE[locale], {
    weekday: 'long',
    timeZone,
  }).format(instant);
}

/**
 * A session's day and times: "Tuesday, 10 March 2026, 10:00 AM – 10:45 AM IST" in English,
 * "मंगलवार, 10 मार्च 2026, 10:00–10:45 am IST" in Hindi (Intl's own range, so the language decides
 * what is written once).
 */
export function formatSessionTimeIn(
  locale: Locale,
  start: Date,
  end: Date,
  timeZone: string,
): string {
  if (locale === 'en') return formatSessionTime(start, end, timeZone);
  const range = dateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(start, end);
  return `${range} ${zoneAbbreviation(timeZone, start)}`;
}

/** When something falls due, short: "Sat 28 Nov 2026, 10:00 AM IST"; "शनि, 28 नव॰ 2026, 10:00 am IST". */
export function formatSessionStartIn(locale: Locale, start: Date, timeZone: string): string {
  if (locale === 'en') return formatSessionStart(start, timeZone);
  const when = dateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(start);
  return `${when} ${zoneAbbreviation(timeZone, start)}`;
}

/** "24 hours and 1 hour": a list of items already in the language, joined as it joins them. */
export function formatListIn(locale: Locale, items: string[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}
