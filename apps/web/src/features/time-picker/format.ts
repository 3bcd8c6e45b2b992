import { formatInZone } from '../../lib/dates';

/** 10:00 AM in a zone. */
export const time = (instant: Date, timeZone: string) =>
  formatInZone(instant, timeZone, { hour: 'numeric', minute: '2-digit' });

/** 'Thu 27 Nov, 10:00 AM' in a zone: day before month, as people in India write it. */
export function formatNext(start: Date, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-IN', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(start);
  return `${day.replace(',', '')}, ${time(start, timeZone)}`;
}

/** 'Thursday, 27 November' for a date of the strip. */
export function formatLongDay(date: string) {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T00:00:00Z`));
}
