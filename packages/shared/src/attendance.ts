import { z } from 'zod';
import type { AttendanceStatus } from './attendance-rules';
import { MeetingLink } from './booking';
import { ATTENDANCE_NOTES_MAX_LENGTH, CURRENCY } from './constants';
import { CheckoutParams, RefundSummary } from './payments';
export * from './attendance-rules';

/**
 * After the booking: meeting links, attendance and cancellation. Shared so the server's rules and the
 * dashboard's Pending / Completed tabs agree (specification, section 4 "Attendance" and "Cancellation";
 * decisions, "Calendar rules").
 */

/** What PATCH .../attendance accepts: the stored values, and the panel's present/absent synonyms. */
export const ATTENDANCE_INPUTS = [
  'scheduled',
  'attended',
  'present',
  'canceled',
  'absent',
] as const;
export type AttendanceInput = (typeof ATTENDANCE_INPUTS)[number];

export function toAttendanceStatus(input: AttendanceInput): AttendanceStatus {
  if (input === 'present') return 'attended';
  if (input === 'absent') return 'canceled';
  return input;
}

export const ATTENDANCE_NOTES_TOO_LONG = `Notes can be at most ${ATTENDANCE_NOTES_MAX_LENGTH} characters`;

/** PATCH /api/bookings/{id}/attendance */
export const AttendanceBody = z.object({
  status: z
    .enum(ATTENDANCE_INPUTS, {
      error: 'status must be present, absent or scheduled (attended and canceled also work)',
    })
    .transform(toAttendanceStatus),
  notes: z
    .string({ error: 'notes must be text' })
    .trim()
    .max(ATTENDANCE_NOTES_MAX_LENGTH, ATTENDANCE_NOTES_TOO_LONG)
    .optional(),
});
export type AttendanceBody = z.input<typeof AttendanceBody>;

/** PATCH /api/bookings/{id}/meeting-link: trimmed, https:// only. */
export const MeetingLinkBody = z.object({ meetingLink: MeetingLink });
export type MeetingLinkBody = z.input<typeof MeetingLinkBody>;

/**
 * PATCH /api/bookings/cancel-user/{bookingId}. A patient's call cancels at once (refund: the full fee,
 * null for an unpaid event). A psychologist's call opens the 100 INR penalty order instead: verifying
 * that payment (POST /api/payments/verify-payment) cancels the booking and refunds the patient.
 */
export const CancelBookingData = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('canceled'),
    booking_id: z.uuid(),
    refund: RefundSummary.nullable(),
  }),
  z.object({
    outcome: z.literal('penalty_required'),
    booking_id: z.uuid(),
    /** Paise: PSYCHOLOGIST_CANCELLATION_PENALTY_INR × 100. */
    amount: z.number().int().positive(),
    currency: z.literal(CURRENCY),
    order_id: z.string(),
    checkout: CheckoutParams,
  }),
]);
export type CancelBookingData = z.infer<typeof CancelBookingData>;
