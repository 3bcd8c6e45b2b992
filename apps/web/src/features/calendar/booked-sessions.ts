import {
  DAY_PART_MINUTES,
  localDateOf,
  localMinuteOf,
  type CalendarEvent,
  type DayPart,
} from '@sukoon/shared';
import type { Translate } from '../../i18n/i18n';

/**
 * The viewer's sessions (booked, or held while a patient pays) that have not ended and run on a date,
 * or within one of its day parts: what marking that day or part unavailable leaves standing, since
 * availability never cancels a booking.
 */
export function sessionsWithin(
  events: readonly CalendarEvent[],
  timeZone: string,
  /** Sessions that ended before this are left out; null keeps them all. */
  now: Date | null,
  date: string,
  part?: DayPart,
): CalendarEvent[] {
  return events.filter((event) => {
    if (now && Date.parse(event.endDate) <= now.getTime()) return false;
    const start = new Date(event.startDate);
    if (localDateOf(start, timeZone) !== date) return false;
    if (!part) return true;
    const from = localMinuteOf(start, timeZone);
    const { start: partStart, end: partEnd } = DAY_PART_MINUTES[part];
    return from < partEnd && from + event.durationMinutes > partStart;
  });
}

/** '1 booked session stays booked; cancel it separately.' or '2 booked sessions stay booked; …' */
export function staysBookedText(t: Translate, count: number): string {
  return t('availability.staysBooked', { count });
}
