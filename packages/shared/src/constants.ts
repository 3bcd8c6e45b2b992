/** Domain constants from the specification (section 9) and the product decisions. */

export const CURRENCY = 'INR';

/** Session lengths a patient can book, in minutes. */
export const SESSION_DURATIONS = [20, 45] as const;
export type SessionDuration = (typeof SESSION_DURATIONS)[number];

/** Fees used when a psychologist has not set their own rates, in whole rupees. */
export const DEFAULT_RATES_INR: Record<SessionDuration, number> = { 20: 500, 45: 900 };
export const PSYCHOLOGIST_CANCELLATION_PENALTY_INR = 100;
export const PSYCHOLOGIST_CANCELLATION_PENALTY_PAISE = PSYCHOLOGIST_CANCELLATION_PENALTY_INR * 100;
/** The patient's confirmed cancel takes effect after this pause (specification, section 9). */
export const PATIENT_CANCEL_DELAY_MS = 500;
/** The patient is reminded of a session this many hours before it starts. */
export const SESSION_REMINDER_HOURS = [24, 1] as const;

/** Working hours, as minutes after local midnight in the psychologist's time zone. */
export const WORKING_DAY_START_MINUTE = 9 * 60;
export const WORKING_DAY_END_MINUTE = 21 * 60;
export const SLOT_MINUTES = 30;
/** How far ahead a session can be booked or an event added. */
export const BOOKING_HORIZON_WEEKS = 52;

export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const DAY_PART_MINUTES: Record<DayPart, { start: number; end: number }> = {
  morning: { start: 9 * 60, end: 12 * 60 },
  afternoon: { start: 12 * 60, end: 17 * 60 },
  evening: { start: 17 * 60, end: 21 * 60 },
};

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const ATTENDANCE_NOTES_MAX_LENGTH = 500;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;

export const ROLES = ['psychologist', 'patient'] as const;
export type Role = (typeof ROLES)[number];

/** Success messages stay this long before the dialog moves on (specification section 9). */
export const VERIFIED_MESSAGE_MS = 1_500;
export const RESENT_MESSAGE_MS = 3_000;
export const RESET_DONE_MESSAGE_MS = 2_000;
