import { z } from 'zod';
import { PracticePolicy } from './policy';
import { isRealIsoDate, isValidTimeZone } from './calendar';
import { DAY_PARTS, SESSION_DURATIONS } from './constants';
import { RefundSummary } from './payments';
import { BookedRates } from './session-length';
import type { AvailabilityQuery as AvailabilityQueryFields } from './availability-path';
import type { Expect, SameType } from './type-checks';
export * from './availability-path';

/** Request and response schemas of the availability, psychologist, event and booking reads. */

/** The widest range one availability or events request may cover: a 6-week month grid. */
export const MAX_CALENDAR_RANGE_DAYS = 42;

export const IsoDateSchema = z
  .string()
  .refine(isRealIsoDate, 'Must be a real date in the form YYYY-MM-DD (for example 2026-03-09)');

export const DayPartSchema = z.enum(DAY_PARTS, {
  error: 'Segment must be morning, afternoon or evening',
});

export const AvailabilityStatus = z.enum(['Available', 'Unavailable'], {
  error: "Status must be 'Available' or 'Unavailable'",
});

/**
 * Whose calendar: optional, because a psychologist only ever changes their own; naming someone else's
 * is refused with 403.
 */
const OwnPsychologistId = z.uuid('psychologistId must be a psychologist id').optional();

/** PATCH /api/availability/toggle-segment: one call per displayed day (specification, section 7). */
export const ToggleSegmentBody = z.object({
  psychologistId: OwnPsychologistId,
  date: IsoDateSchema,
  segment: DayPartSchema,
  status: AvailabilityStatus,
});
export type ToggleSegmentBody = z.infer<typeof ToggleSegmentBody>;

/** PATCH /api/availability/toggle-day: 'Mark Not available' / back to available for a whole day. */
export const ToggleDayBody = z.object({
  psychologistId: OwnPsychologistId,
  date: IsoDateSchema,
  status: AvailabilityStatus,
});
export type ToggleDayBody = z.infer<typeof ToggleDayBody>;

/** PATCH /api/availability/toggle-slot: Block Slot / Unblock of one half-hour slot. */
export const ToggleSlotBody = z.object({
  psychologistId: OwnPsychologistId,
  start: z.iso.datetime({
    offset: true,
    error: 'Start must be a date and time such as 2026-03-10T04:30:00.000Z',
  }),
  status: z.enum(['Blocked', 'Available'], { error: "Status must be 'Blocked' or 'Available'" }),
});
export type ToggleSlotBody = z.infer<typeof ToggleSlotBody>;

export const AvailabilityQuery = z
  .object({
    psychologistId: z.uuid('psychologistId must be a psychologist id'),
    from: IsoDateSchema,
    to: IsoDateSchema,
  })
  .refine((query) => query.from <= query.to, {
    path: ['to'],
    message: 'to must be on or after from',
  });
/** availability-path.ts's type, which the schema above reads exactly. */
export type AvailabilityQuery = AvailabilityQueryFields;
type _SchemaReadsAvailabilityQuery = Expect<
  SameType<z.output<typeof AvailabilityQuery>, AvailabilityQuery>
>;

/** The merged picture one request needs to draw a week or a month. */
export const Availability = z.object({
  psychologistId: z.uuid(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  daysOff: z.array(z.string()),
  unavailableDayParts: z.array(z.object({ date: z.string(), segment: DayPartSchema })),
  blockedSlots: z.array(z.string()),
  /** Booked or held intervals, without title, patient or anything private. */
  busy: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type Availability = z.infer<typeof Availability>;

export const AvailabilityChange = z.object({ date: z.string(), updated: z.literal(true) });
export const SlotChange = z.object({ start: z.string(), blocked: z.boolean() });

/** Whole rupees between 1 and 1,00,000: what a profile form can set as a session fee. */
export const RateInr = z
  .number({ error: 'Enter the fee in rupees' })
  .int('Enter a whole number of rupees')
  .min(1, 'The fee must be at least ₹1')
  .max(100_000, 'The fee can be at most ₹1,00,000');

export const TimeZoneSchema = z.string().refine(isValidTimeZone, {
  message: 'Choose a time zone such as Asia/Kolkata',
  params: { check: 'timeZone' },
});

// Psychologist and UpdatePsychologistBody live in ./profile.

export const EVENT_COLORS = ['blue', 'red', 'green', 'yellow'] as const;
export type EventColor = (typeof EVENT_COLORS)[number];
export const EVENT_VARIANTS = ['primary', 'danger', 'success', 'warning', 'default'] as const;
export const ATTENDANCE_STATUSES = ['scheduled', 'attended', 'canceled'] as const;
export const BOOKING_STATUSES = ['held', 'booked', 'canceled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'failed',
  'refunded',
  'partially_refunded',
] as const;

/** The specification's Calendar event, mapped from a booking, plus who it is between. */
export const CalendarEvent = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  variant: z.enum(EVENT_VARIANTS),
  color: z.enum(EVENT_COLORS),
  meetingLink: z.string().nullable(),
  /** Rupees; `pricePaise` is the exact amount. */
  price: z.number(),
  pricePaise: z.number().int(),
  currency: z.string(),
  paymentRequired: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  status: z.enum(BOOKING_STATUSES),
  attendanceStatus: z.enum(ATTENDANCE_STATUSES),
  attendanceNotes: z.string().nullable(),
  markedBy: z.literal('psychologist').nullable(),
  markedAt: z.string().nullable(),
  durationMinutes: z.union(SESSION_DURATIONS.map((d) => z.literal(d))),
  psychologistId: z.uuid(),
  patientId: z.uuid().nullable(),
  /** Who the session is with: the psychologist's display name and the patient's username. */
  psychologistName: z.string(),
  patientName: z.string().nullable(),
  /** The practice policy the session was booked under (null for a psychologist's own event). */
  policy: PracticePolicy.nullable(),
  /** How many times the patient has moved this session. */
  patientMoves: z.number().int(),
  /** The rates it was booked at, which price a change of its length; null without a patient. */
  bookedRates: BookedRates.nullable(),
  /**
   * The time the psychologist moved this session from, while the patient has not yet said whether
   * they keep the new time or cancel for a full refund; null otherwise.
   */
  movedFrom: z.object({ startDate: z.string(), endDate: z.string() }).nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

/** Calendar reads look this far back and ahead at most; dates outside are typing mistakes. */
export const EVENTS_EARLIEST_DATE = '2000-01-01';
export const EVENTS_LATEST_DATE = '2100-12-31';
/** One request reads at most a year of events. */
export const MAX_EVENTS_RANGE_DAYS = 366;

const EventInstant = z
  .union(
    [z.iso.datetime({ offset: true }), IsoDateSchema],
    'Use a date (2026-03-09) or a date and time (2026-03-09T00:00:00Z)',
  )
  .refine(
    (value) =>
      Date.parse(value) >= Date.parse(EVENTS_EARLIEST_DATE) &&
      Date.parse(value) < Date.parse(EVENTS_LATEST_DATE) + 86_400_000,
    `Use a date between ${EVENTS_EARLIEST_DATE} and ${EVENTS_LATEST_DATE}`,
  );

export const EventsQuery = z
  .object({ startDate: EventInstant.optional(), endDate: EventInstant.optional() })
  .refine(
    (query) =>
      !query.startDate ||
      !query.endDate ||
      Date.parse(query.startDate) <= Date.parse(query.endDate),
    { path: ['endDate'], message: 'endDate must be on or after startDate' },
  )
  .refine(
    (query) =>
      !query.startDate ||
      !query.endDate ||
      Date.parse(query.endDate) - Date.parse(query.startDate) < MAX_EVENTS_RANGE_DAYS * 86_400_000,
    {
      path: ['endDate'],
      message: `Ask for at most ${MAX_EVENTS_RANGE_DAYS} days of events at a time`,
    },
  );
export type EventsQuery = z.infer<typeof EventsQuery>;

/**
 * One booking as `GET /api/bookings/user/{userId}` lists it, carrying the names the specification's
 * tolerant reader accepts (id, date/booking_date, start_time, end_time, title, status/attendanceStatus,
 * notes).
 */
export const BookingListItem = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  psychologist_id: z.uuid(),
  user_id: z.uuid().nullable(),
  booking_date: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  duration: z.number().int(),
  title: z.string(),
  description: z.string(),
  patient_name: z.string().nullable(),
  psychologist_name: z.string(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  attendanceStatus: z.enum(ATTENDANCE_STATUSES),
  notes: z.string().nullable(),
  meeting_link: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  /** Who canceled the session and when; null while it stands. */
  canceled_by: z.enum(['patient', 'psychologist']).nullable(),
  canceled_at: z.string().nullable(),
  /** The refund of the session's payment, once one is made: processed, or pending and retried. */
  refund: RefundSummary.nullable(),
  /** A hold awaiting payment: when the slot stops being kept (null for everything else). */
  hold_expires_at: z.iso.datetime().nullable(),
  /** The practice policy the session was booked under (null for a psychologist's own event). */
  policy: PracticePolicy.nullable(),
  /** How many times the patient has moved this session. */
  patient_moves: z.number().int(),
  /** The rates it was booked at, which price a change of its length; null without a patient. */
  booked_rates: BookedRates.nullable(),
  /** Paise paid for it in all (its booking and any longer length), once a refund is made; else null. */
  paid_paise: z.number().int().nonnegative().nullable(),
  /** Where the psychologist moved the session from, awaiting the patient's answer; else null. */
  moved_from_start: z.string().nullable(),
});
export type BookingListItem = z.infer<typeof BookingListItem>;
