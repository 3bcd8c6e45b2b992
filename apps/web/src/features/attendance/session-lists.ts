import {
  isCompletedAttendance,
  isPendingAttendance,
  localDateOf,
  type CalendarEvent,
} from '@sukoon/shared';

/** Who a session is with: the patient's name, or the event's title when it has no patient account. */
export function sessionWho(event: CalendarEvent): string {
  return event.patientName ?? event.title;
}

const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  Date.parse(a.startDate) - Date.parse(b.startDate);

/** Sessions that stand (booked), oldest first; holds in progress and canceled ones are left out. */
export function bookedSessions(events: readonly CalendarEvent[]): CalendarEvent[] {
  return events.filter((event) => event.status === 'booked').sort(byStart);
}

/**
 * The attendance box's tabs, by the shared rules: Pending (started, not marked; oldest first so none
 * is forgotten), Completed (marked; latest first) and All (the whole window in time order).
 */
export function attendanceTabs(events: readonly CalendarEvent[], now: Date) {
  const all = bookedSessions(events);
  return {
    pending: all.filter((event) => isPendingAttendance(event, now)),
    completed: all.filter((event) => isCompletedAttendance(event)).reverse(),
    all,
  };
}

/** Today's sessions on the psychologist's wall calendar, in time order. */
export function todaysSessions(
  events: readonly CalendarEvent[],
  now: Date,
  timeZone: string,
): CalendarEvent[] {
  const today = localDateOf(now, timeZone);
  return bookedSessions(events).filter(
    (event) => localDateOf(new Date(event.startDate), timeZone) === today,
  );
}

/** The sessions of the displayed week (the calendar hands over its week's events). */
export function weekSessions(
  events: readonly CalendarEvent[],
  dates: readonly string[],
  timeZone: string,
) {
  return bookedSessions(events).filter((event) =>
    dates.includes(localDateOf(new Date(event.startDate), timeZone)),
  );
}
