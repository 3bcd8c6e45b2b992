import type {
  BookedRates,
  BookingListItem,
  CalendarEvent,
  PracticePolicy,
  SessionDuration,
} from '@sukoon/shared';

/** The session a move is about, from a calendar pill or from Your sessions. */
export interface MoveTarget {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  durationMinutes: SessionDuration;
  /** The policy the session was booked under (null: a psychologist's own event). */
  policy: PracticePolicy | null;
  patientMoves: number;
  /** The rates it was booked at (a patient's session), which price a change of its length. */
  bookedRates: BookedRates | null;
  /** A patient's session (not a psychologist's own event). */
  withPatient: boolean;
  psychologistId: string;
  /** Who it is with, as the viewer reads it. */
  withName: string | null;
  /** The psychologist's zone: the session's times are shown in it. */
  timeZone: string;
}

const lengthOf = (minutes: number): SessionDuration => (minutes === 45 ? 45 : 20);

export function moveTargetFromEvent(
  event: CalendarEvent,
  viewer: 'patient' | 'psychologist',
  timeZone: string,
): MoveTarget {
  return {
    id: event.id,
    title: event.title,
    startDate: event.startDate,
    endDate: event.endDate,
    durationMinutes: lengthOf(event.durationMinutes),
    policy: event.policy,
    patientMoves: event.patientMoves,
    bookedRates: event.bookedRates,
    withPatient: event.patientId !== null,
    psychologistId: event.psychologistId,
    withName: viewer === 'patient' ? event.psychologistName : event.patientName,
    timeZone,
  };
}

export function moveTargetFromBooking(booking: BookingListItem, timeZone: string): MoveTarget {
  return {
    id: booking.id,
    title: booking.title,
    startDate: booking.start_time,
    endDate: booking.end_time,
    durationMinutes: lengthOf(booking.duration),
    policy: booking.policy,
    patientMoves: booking.patient_moves,
    bookedRates: booking.booked_rates,
    withPatient: booking.user_id !== null,
    psychologistId: booking.psychologist_id,
    withName: booking.psychologist_name,
    timeZone,
  };
}
