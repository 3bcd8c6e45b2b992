import { dateTimeFormat } from '@sukoon/shared';

// Formatters come from one cache (`dateTimeFormat`): making one per label made the week grid's
// render a long task on phones (issue 19).

/** en-US, 12-hour, in a given IANA zone. */
export function formatInZone(
  instant: Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): string {
  return dateTimeFormat('en-US', { timeZone, ...options }).format(instant);
}

/** 'Tue', '10 Mar' style labels for a calendar date (no time zone involved). */
export function formatDate(date: string, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** 'Tue, Mar 10' for the day a session starts on, in a zone. */
export function formatSessionDay(start: Date, timeZone: string): string {
  return formatInZone(start, timeZone, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** '11:00 AM – 11:45 AM' in a zone. */
export function formatSessionTimes(start: Date, end: Date, timeZone: string): string {
  const time = (instant: Date) =>
    formatInZone(instant, timeZone, { hour: 'numeric', minute: '2-digit' });
  return `${time(start)} – ${time(end)}`;
}

/** 'Thu 27 Nov, 10:00 AM' in a zone: a next free time, in the picker and on the chooser's cards. */
export function formatNextAvailable(start: Date, timeZone: string): string {
  const part = (options: Intl.DateTimeFormatOptions) => formatInZone(start, timeZone, options);
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}, ${part({ hour: 'numeric', minute: '2-digit' })}`;
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

/** An IANA zone as people read it: 'America/New York' for 'America/New_York'. */
export function zoneLabel(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
}
