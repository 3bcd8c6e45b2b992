/**
 * When a session's Join is offered (issue 20), for the patient's and the psychologist's screens alike.
 * Its own module, free of schemas, so the first screens that show Join load nothing else of meeting
 * rooms.
 */

/** Join opens this long before the start. */
export const JOIN_OPENS_MINUTES_BEFORE = 10;

/** Join is offered from 10 minutes before the start until (not at) the end. */
export function canJoinSession(start: Date | string, end: Date | string, now: Date): boolean {
  const opens = new Date(start).getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000;
  return now.getTime() >= opens && now.getTime() < new Date(end).getTime();
}
