/**
 * How a time is written, on every screen and in every email: "10:00 AM", "Tuesday, 10 March 2026",
 * and a zone named "IST" for India (the name people there use; other zones as their offset, "GMT+1",
 * or their common short name). One place, so a session reads the same in the app and in the inbox.
 */

/** "10:00 AM" in a zone. */
export function formatClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    instant,
  );
}

/** "IST" for India (Asia/Kolkata or its alias Asia/Calcutta), "GMT+1", "GMT-4" and so on elsewhere. */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' }).formatToParts(
    at,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "10:00 AM – 10:45 AM IST" in a zone; without the zone's name when `withZone` is false. */
export function formatClockRange(
  start: Date,
  end: Date,
  timeZone: string,
  withZone = true,
): string {
  const range = `${formatClock(start, timeZone)} – ${formatClock(end, timeZone)}`;
  return withZone ? `${range} ${zoneAbbreviation(timeZone, start)}` : range;
}

/** "Tuesday, 10 March 2026" for the day an instant falls on in a zone. */
export function formatLongDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(instant);
}

/** "Tuesday, 10 March 2026, 10:00 AM – 10:45 AM IST": a session as emails and dialogs give it. */
export function formatSessionTime(start: Date, end: Date, timeZone: string): string {
  return `${formatLongDate(start, timeZone)}, ${formatClockRange(start, end, timeZone)}`;
}
