import { z } from 'zod';
import {
  EVENT_COLORS,
  EVENT_VARIANTS,
  EVENTS_EARLIEST_DATE,
  EVENTS_LATEST_DATE,
  IsoDateSchema,
} from './availability';
import { isValidTimeZone } from './calendar';
import {
  CURRENCY,
  SESSION_DURATIONS,
  WORKING_DAY_END_MINUTE,
  WORKING_DAY_START_MINUTE,
  type SessionDuration,
} from './constants';
import { CheckoutParams } from './payments';
import { PracticePolicy } from './policy';
import { isMeetingLink, MEETING_LINK_MAX_LENGTH } from './booking-rules';
export * from './booking-rules';

/**
 * Booking: the create-order payload with its hold, the booking create payload, the event writes, the
 * event form's time rules and its messages. Shared so the form and the server agree on every rule.
 */

/** How long a slot stays reserved for a patient while their payment runs. */
export const HOLD_MINUTES = 10;

/**
 * How far one patient's holds may go, so nobody can reserve a psychologist's week without paying: live
 * holds at once (and one per psychologist: a new time with the same psychologist replaces the old
 * hold), holds given up in 24 hours before new ones pause, and hold requests (placing or releasing)
 * per account and per client address in each rate-limit window. Far above what a person booking needs.
 */
export const HOLD_LIMITS = {
  liveHolds: 2,
  abandonedPerDay: 20,
  requestsPerAccount: 30,
  requestsPerAddress: 120,
} as const;

/** A session's calendar file (.ics): downloads per signed-in account and per client address in each rate-limit window. */
export const SESSION_FILE_LIMITS = { perUser: 60, perIp: 120 };

/** The event form's messages (specification, section 5). */
export const EVENT_FORM_MESSAGES = {
  titleRequired: 'Event name is required',
  descriptionRequired: 'Description is required',
  meetingLinkRequired: 'Meeting link is required',
  meetingLinkHttps: 'Meeting link must start with https://',
  colorRequired: 'Choose a colour',
} as const;

export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 2000;

/** The latest start the form allows: 8:59 PM, as minutes after midnight. */
export const LATEST_START_MINUTE = WORKING_DAY_END_MINUTE - 1;

/**
 * The latest start of a session of this length that still ends by 9:00 PM (8:40 PM for 20 minutes,
 * 8:15 PM for 45), the latest one `slotProblem` accepts. Without a length: 8:59 PM (specification).
 */
export function latestStartMinute(durationMinutes?: number): number {
  if (durationMinutes === undefined || !Number.isFinite(durationMinutes)) {
    return LATEST_START_MINUTE;
  }
  const length = Math.max(1, Math.round(durationMinutes));
  return Math.max(WORKING_DAY_START_MINUTE, WORKING_DAY_END_MINUTE - length);
}

/**
 * Start time clamped to the working day (specification, section 5), in whole minutes: from 9:00 AM
 * to 8:59 PM, or, given the session's length, to the latest start that ends by 9:00 PM, so the time
 * it gives is one a session can be booked at. Clamp only a time the person has finished choosing
 * (see `clampCompleteStart`): each part picked on its own is no time at all.
 */
export function clampStartMinute(minute: number, durationMinutes?: number): number {
  if (!Number.isFinite(minute)) return WORKING_DAY_START_MINUTE;
  return Math.min(
    latestStartMinute(durationMinutes),
    Math.max(WORKING_DAY_START_MINUTE, Math.round(minute)),
  );
}

/** A start inside working hours that ends by 9:00 PM: what `clampStartMinute` leaves unchanged. */
export function isBookableStartMinute(minute: number, durationMinutes: number): boolean {
  return Number.isInteger(minute) && clampStartMinute(minute, durationMinutes) === minute;
}

/**
 * The read-only end time: start plus the duration, capped at 9:00 PM. The start is clamped first, so
 * the end is always after it (the specification's "recomputed if not after the start").
 */
export function endMinuteFor(startMinute: number, durationMinutes: number): number {
  const start = clampStartMinute(startMinute);
  const end = Math.min(start + Math.max(1, Math.round(durationMinutes)), WORKING_DAY_END_MINUTE);
  return end > start ? end : Math.min(start + 1, WORKING_DAY_END_MINUTE);
}

/** A time as the hour / minute / AM-PM pickers hold it. */
export interface ClockParts {
  hour: number;
  minute: number;
  period: 'AM' | 'PM';
}

/** 12-hour clock parts for the hour / minute / AM-PM pickers. */
export function toClockParts(minute: number): ClockParts {
  const hours24 = Math.floor(minute / 60) % 24;
  return {
    hour: hours24 % 12 === 0 ? 12 : hours24 % 12,
    minute: minute % 60,
    period: hours24 < 12 ? 'AM' : 'PM',
  };
}

export function fromClockParts(hour: number, minute: number, period: 'AM' | 'PM'): number {
  const hours24 = (hour % 12) + (period === 'PM' ? 12 : 0);
  return hours24 * 60 + minute;
}

/**
 * The start a person has finished choosing, moved to the nearest one a session of this length can be
 * booked at; null while a part is still missing. The parts are read together, never one by one:
 * clamping after each pick turned "3, then PM" into 3:00 AM -> 9:00 AM -> 9:00 PM -> 8:59 PM.
 */
export function clampCompleteStart(
  parts: Partial<ClockParts>,
  durationMinutes: number,
): number | null {
  const { hour, minute, period } = parts;
  if (hour === undefined || minute === undefined || period === undefined) return null;
  if (!Number.isInteger(hour) || hour < 1 || hour > 12) return null;
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) return null;
  return clampStartMinute(fromClockParts(hour, minute, period), durationMinutes);
}

const Duration = z.union(
  SESSION_DURATIONS.map((duration) => z.literal(duration)),
  { error: 'Duration must be 20 or 45 minutes' },
);

const Instant = (field: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${field} must be a date and time such as 2026-03-10T04:30:00.000Z`,
    })
    // Outside these years a date is a typing mistake, and some (year 0000) PostgreSQL cannot hold.
    .refine(
      (value) =>
        Date.parse(value) >= Date.parse(EVENTS_EARLIEST_DATE) &&
        Date.parse(value) < Date.parse(EVENTS_LATEST_DATE) + 86_400_000,
      `${field} must be between ${EVENTS_EARLIEST_DATE} and ${EVENTS_LATEST_DATE}`,
    );

const Title = z
  .string({ error: EVENT_FORM_MESSAGES.titleRequired })
  .trim()
  .min(1, EVENT_FORM_MESSAGES.titleRequired)
  .max(TITLE_MAX_LENGTH, `Event name can be at most ${TITLE_MAX_LENGTH} characters`);
const Description = z
  .string({ error: EVENT_FORM_MESSAGES.descriptionRequired })
  .trim()
  .min(1, EVENT_FORM_MESSAGES.descriptionRequired)
  .max(DESCRIPTION_MAX_LENGTH, `Description can be at most ${DESCRIPTION_MAX_LENGTH} characters`);
/**
 * A psychologist's own event (no patient) has no "Problems Facing": the form does not ask for it, so
 * the events API takes it as optional (empty when not given), within the same limit.
 */
const EventDescription = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH, `Description can be at most ${DESCRIPTION_MAX_LENGTH} characters`);

/** Meeting links are trimmed and must be https:// URLs (decisions, "Calendar rules"). */
export const MeetingLink = z
  .string({ error: EVENT_FORM_MESSAGES.meetingLinkRequired })
  .trim()
  .min(1, EVENT_FORM_MESSAGES.meetingLinkRequired)
  .max(MEETING_LINK_MAX_LENGTH, `Meeting link can be at most ${MEETING_LINK_MAX_LENGTH} characters`)
  .refine(isMeetingLink, EVENT_FORM_MESSAGES.meetingLinkHttps);
const Color = z.enum(EVENT_COLORS, { error: 'Colour must be blue, red, green or yellow' });

/**
 * The event form's words as the server checks them: the name, Problems Facing (a session with a
 * patient) and the meeting link. The form picks the ones it asks for.
 */
export const EventFormText = z.object({
  title: Title,
  description: Description,
  meetingLink: MeetingLink,
});

/**
 * POST /api/payments/create-order: the specification's payload (amount, currency, receipt, notes) plus
 * what to hold. The amount sent is ignored: the server charges the psychologist's rate.
 */
export const CreateOrderBody = z
  .object({
    amount: z.number().nonnegative('amount cannot be negative').optional(),
    currency: z.literal(CURRENCY, { error: 'Payments are in INR only' }).optional(),
    receipt: z.string().max(40, 'receipt can be at most 40 characters').optional(),
    notes: z
      .object({
        event_title: z.string().max(TITLE_MAX_LENGTH).optional(),
        event_description: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
        event_date: z.string().max(40).optional(),
      })
      .loose()
      .optional(),
    psychologist_id: z.uuid('psychologist_id must be a psychologist id'),
    start_time: Instant('start_time'),
    duration: Duration,
    title: z.string().optional(),
    description: z.string().optional(),
    color: Color.default('blue'),
    /** The patient's own IANA time zone, for their confirmation email (the psychologist's otherwise). */
    time_zone: z
      .string()
      .refine(isValidTimeZone, 'time_zone must be an IANA time zone such as Asia/Kolkata')
      .optional(),
  })
  .transform((body, context) => {
    // The original client sent the title and description in notes; either place is accepted.
    const title = Title.safeParse(body.title ?? body.notes?.event_title ?? '');
    const description = Description.safeParse(
      body.description ?? body.notes?.event_description ?? '',
    );
    if (!title.success) {
      context.addIssue({
        code: 'custom',
        path: ['title'],
        message: title.error.issues[0]!.message,
      });
    }
    if (!description.success) {
      context.addIssue({
        code: 'custom',
        path: ['description'],
        message: description.error.issues[0]!.message,
      });
    }
    if (!title.success || !description.success) return z.NEVER;
    return {
      psychologistId: body.psychologist_id,
      start: body.start_time,
      durationMinutes: body.duration,
      title: title.data,
      description: description.data,
      color: body.color,
      receipt: body.receipt,
      timeZone: body.time_zone,
    };
  });
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

export const CreateOrderData = z.object({
  /** In paise, as Razorpay counts. */
  amount: z.number().int().positive(),
  currency: z.string(),
  order_id: z.string(),
  /** The held booking; release it with DELETE /api/bookings/holds/{booking_id}. */
  booking_id: z.uuid(),
  hold_expires_at: z.iso.datetime(),
  /** The terms the hold keeps (the psychologist's policy as it was placed): shown before paying. */
  policy: PracticePolicy,
  checkout: CheckoutParams,
});
export type CreateOrderData = z.infer<typeof CreateOrderData>;

/**
 * POST /api/bookings, the specification's payload. A psychologist adds an event to their own calendar;
 * a patient's booking exists only through a verified payment, named by `order_id` (top level or in
 * `payment`).
 */
export const BookingCreateBody = z.object({
  user_id: z.uuid('user_id must be a user id').optional(),
  psychologist_id: z.uuid('psychologist_id must be a psychologist id'),
  booking_date: IsoDateSchema.optional(),
  start_time: Instant('start_time'),
  end_time: Instant('end_time'),
  payment: z
    .object({
      amount: z.number().optional(),
      method: z.string().max(40).optional(),
      status: z.string().max(40).optional(),
      order_id: z.string().max(60).optional(),
    })
    .optional(),
  status: z.string().max(40).optional(),
  order_id: z.string().max(60).optional(),
  title: z.string().max(TITLE_MAX_LENGTH).optional(),
  description: z.string().max(DESCRIPTION_MAX_LENGTH).optional(),
  meeting_link: z.string().max(MEETING_LINK_MAX_LENGTH).optional(),
  color: Color.optional(),
});
export type BookingCreateBody = z.infer<typeof BookingCreateBody>;

export const BookingCreated = z.object({
  id: z.uuid(),
  booking_id: z.uuid(),
  _id: z.uuid(),
  status: z.string(),
  payment_status: z.string(),
});
export type BookingCreated = z.infer<typeof BookingCreated>;

/** POST /api/events: a psychologist's event on their own calendar (no payment). */
export const EventCreateBody = z.object({
  title: Title,
  description: EventDescription.default(''),
  startDate: Instant('startDate'),
  endDate: Instant('endDate'),
  /** Left out: the psychologist's meeting link method makes one (a Jitsi room, their personal link). */
  meetingLink: MeetingLink.optional(),
  color: Color.default('blue'),
  variant: z.enum(EVENT_VARIANTS).default('primary'),
});
export type EventCreateBody = z.input<typeof EventCreateBody>;

/** PUT /api/events/{id}: any subset of the event's fields. */
export const EventUpdateBody = z
  .object({
    title: Title,
    description: EventDescription,
    startDate: Instant('startDate'),
    endDate: Instant('endDate'),
    meetingLink: MeetingLink,
    color: Color,
    variant: z.enum(EVENT_VARIANTS),
  })
  .partial()
  .refine((body) => (body.startDate === undefined) === (body.endDate === undefined), {
    path: ['endDate'],
    message: 'Send startDate and endDate together',
  });
export type EventUpdateBody = z.input<typeof EventUpdateBody>;

/** What a session's start and end make of its length: 20 or 45 minutes, or null. */
export function durationOf(start: string | Date, end: string | Date): SessionDuration | null {
  const minutes = (new Date(end).getTime() - new Date(start).getTime()) / 60_000;
  return (SESSION_DURATIONS as readonly number[]).includes(minutes)
    ? (minutes as SessionDuration)
    : null;
}
