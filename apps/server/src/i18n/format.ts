import { dateTimeFormat, intlLocale, type Locale } from '@sukoon/shared';

/**
 * The few ways an email writes a time that the shared time words (packages/shared/src/time-format.ts,
 * which take the reader's language: "मंगलवार, 10 मार्च 2026, 10:00 am – 10:45 am IST") do not
 * cover (issue 22). English is exactly as before; Hindi is `hi-IN` (Hindi day and month names,
 * Western digits). The zone keeps the short name people use (IST) in every language. Rupees need
 * nothing here: `formatInr` writes them the same in every language Sukoon speaks.
 */

/** "Tuesday" (English), "मंगलवार" (Hindi): the weekday an instant falls on in a zone. */
export function formatWeekdayIn(locale: Locale, instant: Date, timeZone: string): string {
  return dateTimeFormat(intlLocale(locale, 'en-IN'), { weekday: 'long', timeZone }).format(instant);
}

/** "24 hours and 1 hour": a list of items already in the language, joined as it joins them. */
export function formatListIn(locale: Locale, items: string[]): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}
