import type { ReactNode } from 'react';
import type { CalendarEvent, Role, SessionDuration } from '@sukoon/shared';
import type { WeekViewProps } from './week-view';

export interface CalendarProps {
  role: Role;
  /** The psychologist whose calendar this is (the signed-in psychologist, or the patient's choice). */
  psychologistId: string;
  /** A patient chose a slot and a length; the booking form takes it from here. */
  onBookSlot?: (slot: { start: Date; durationMinutes: SessionDuration }) => void;
  /** The pill's 'Delete Event' button was used (the app opens Cancel Appointment). */
  onDeleteEvent?: (event: CalendarEvent) => void;
  /** Which pills offer 'Delete Event' (e.g. not a session that has started); all when absent. */
  canDeleteEvent?: (event: CalendarEvent) => boolean;
  /** A psychologist opened one of their events (to edit it). */
  onOpenEvent?: (event: CalendarEvent) => void;
  /** Which of a patient's pills open (their hold, to pay; a booked session, to move it). */
  canOpenEvent?: WeekViewProps['canOpenEvent'];
  /** A psychologist dropped a patient's session on another free start. */
  onMoveEvent?: WeekViewProps['onMoveEvent'];
  canMoveEvent?: WeekViewProps['canMoveEvent'];
  /** A psychologist's 'Add Event' (no payment); the form picks the date and time. */
  onAddEvent?: (start: Date) => void;
  /** Shown above the calendar, e.g. which psychologist is open and a way to switch. */
  banner?: ReactNode;
  /** Shown under the week grid, for the displayed week (e.g. its sessions and their attendance). */
  belowWeek?: (week: WeekContext) => ReactNode;
}

/** The week the grid shows: its dates, the viewer's events in it and the zone it is drawn in. */
export interface WeekContext {
  dates: string[];
  events: CalendarEvent[];
  /** The week's events are still on their way: `events` says nothing yet. */
  loading: boolean;
  timeZone: string;
  now: Date;
}
