import type {
  AttendanceStatus,
  BookingListItem,
  BookingStatus,
  CalendarEvent,
  CancelBookingData,
  PracticePolicy,
} from '@sukoon/shared';
import { api } from '../../lib/api-client';

/** PATCH /api/bookings/cancel-user/{id}: cancels at once, or opens the psychologist's penalty order. */
export function cancelBooking(id: string) {
  return api<CancelBookingData>('PATCH', `/api/bookings/cancel-user/${id}`);
}

/** The session Cancel Appointment is about, from a calendar pill or from a bookings list. */
export interface CancelTarget {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  status: BookingStatus;
  attendanceStatus: AttendanceStatus;
  /** The zone its times are shown in. */
  timeZone: string;
  /** Who it is with, as the viewer reads it: the patient (psychologist's view) or the psychologist. */
  withName: string | null;
  /** A patient booked and paid for it (a psychologist's own event has no patient). */
  hasPatient: boolean;
  /** What the patient paid, in paise. */
  feePaise: number;
  /** The policy the session was booked under: what a patient's own cancellation refunds (null: all). */
  policy: PracticePolicy | null;
}

export function targetFromEvent(
  event: CalendarEvent,
  viewer: 'patient' | 'psychologist',
  timeZone: string,
): CancelTarget {
  return {
    id: event.id,
    title: event.title,
    startDate: event.startDate,
    endDate: event.endDate,
    status: event.status,
    attendanceStatus: event.attendanceStatus,
    timeZone,
    withName: viewer === 'patient' ? event.psychologistName : event.patientName,
    hasPatient: event.patientId !== null,
    feePaise: event.pricePaise,
    policy: event.policy,
  };
}

/** A patient's own booking from GET /api/bookings/user/{id} (price is in rupees there). */
export function targetFromBooking(booking: BookingListItem, timeZone: string): CancelTarget {
  return {
    id: booking.id,
    title: booking.title,
    startDate: booking.start_time,
    endDate: booking.end_time,
    status: booking.status,
    attendanceStatus: booking.attendanceStatus,
    timeZone,
    withName: booking.psychologist_name,
    hasPatient: booking.user_id !== null,
    feePaise: Math.round(booking.price * 100),
    policy: booking.policy,
  };
}
