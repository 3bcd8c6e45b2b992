import type { BookingPolicy, RatesInr, SessionDuration } from '@sukoon/shared';

/**
 * Moving a booked session (issue 18), as the reschedule dialog hands it to the time picker: its own
 * time is not counted as taken, and its length may change. Here because two features share it and
 * features do not import each other.
 */
export interface RescheduleMode {
  durationMinutes: SessionDuration;
  /** The session's own policy (a patient's move), or null: the psychologist's own calendar. */
  policy: BookingPolicy | null;
  /** The session being moved: its interval is free for its new time. */
  current: { startDate: string; endDate: string };
  /**
   * Its length may change too (a patient's session, priced at the rates it was booked at, or a
   * psychologist's own event, with no fee): the 20 / 45 switch is shown, starting at its length.
   */
  lengths: { rates: RatesInr | null } | null;
}
