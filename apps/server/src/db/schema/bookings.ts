/** Bookings: one row per session (held while its payment runs, then booked, or canceled/expired). */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PracticePolicy } from '@sukoon/shared';
import { users } from './accounts';
import { timestamps } from './columns';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    psychologistId: uuid('psychologist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null for an event a psychologist adds for themselves without a patient account.
    patientId: uuid('patient_id').references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    color: text('color', { enum: ['blue', 'red', 'green', 'yellow'] })
      .notNull()
      .default('blue'),
    variant: text('variant', { enum: ['primary', 'danger', 'success', 'warning', 'default'] })
      .notNull()
      .default('primary'),
    meetingLink: text('meeting_link'),
    pricePaise: integer('price_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /**
     * held: a payment is in progress and the slot is reserved until hold_expires_at; booked: confirmed;
     * canceled; expired: a hold that ran out. Only held and booked rows block the slot (see the
     * exclusion constraint in the bookings_no_overlap migration): expiring a hold is an UPDATE to
     * 'expired', because a constraint cannot look at now().
     */
    status: text('status', { enum: ['held', 'booked', 'canceled', 'expired'] }).notNull(),
    paymentStatus: text('payment_status', {
      enum: ['pending', 'completed', 'failed', 'refunded', 'partially_refunded'],
    })
      .notNull()
      .default('pending'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    attendanceStatus: text('attendance_status', { enum: ['scheduled', 'attended', 'canceled'] })
      .notNull()
      .default('scheduled'),
    attendanceNotes: text('attendance_notes'),
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    /** The patient's own IANA zone, for their emails (the psychologist's zone when unknown). */
    patientTimeZone: text('patient_time_zone'),
    canceledBy: text('canceled_by', { enum: ['patient', 'psychologist'] }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The psychologist's policy when the session was booked; null for their own events. */
    policy: jsonb('policy').$type<PracticePolicy>(),
    /** How many times the patient moved this session (limited by policy.patientMovesPerSession). */
    patientMoves: integer('patient_moves').notNull().default(0),
    /**
     * The SEQUENCE of the session's next iCalendar message: raised by every change a calendar must
     * apply (a move, a new meeting link, a cancellation), so calendars update the event they have.
     */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /**
     * Where the psychologist moved the session from, while the patient has not said whether they
     * keep the new time or cancel for a full refund; null otherwise.
     */
    movedFromStartsAt: timestamp('moved_from_starts_at', { withTimezone: true }),
    /**
     * The psychologist's two rates when the session was booked (null for their own events): a later
     * change of its length costs or returns the difference between these, never today's rates.
     */
    bookedRate20Paise: integer('booked_rate_20_paise'),
    bookedRate45Paise: integer('booked_rate_45_paise'),
    /**
     * A longer length (or a new time with it) waiting for its difference to be paid: the exclusion
     * constraint counts this interval as taken too, until pending_expires_at (then an UPDATE clears
     * it, as with a hold) or until the payment is verified and the session takes it.
     */
    pendingStartsAt: timestamp('pending_starts_at', { withTimezone: true }),
    pendingEndsAt: timestamp('pending_ends_at', { withTimezone: true }),
    pendingDurationMinutes: integer('pending_duration_minutes'),
    pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('bookings_psychologist_starts_idx').on(table.psychologistId, table.startsAt),
    index('bookings_patient_starts_idx').on(table.patientId, table.startsAt),
    check('bookings_duration_check', sql`${table.durationMinutes} in (20, 45)`),
    check(
      'bookings_end_matches_duration',
      sql`${table.endsAt} = ${table.startsAt} + make_interval(mins => ${table.durationMinutes})`,
    ),
    check('bookings_price_check', sql`${table.pricePaise} >= 0`),
    check(
      'bookings_status_check',
      sql`${table.status} in ('held', 'booked', 'canceled', 'expired')`,
    ),
    check(
      'bookings_payment_status_check',
      sql`${table.paymentStatus} in ('pending', 'completed', 'failed', 'refunded', 'partially_refunded')`,
    ),
    check(
      'bookings_attendance_check',
      sql`${table.attendanceStatus} in ('scheduled', 'attended', 'canceled')`,
    ),
    check('bookings_color_check', sql`${table.color} in ('blue', 'red', 'green', 'yellow')`),
    check(
      'bookings_variant_check',
      sql`${table.variant} in ('primary', 'danger', 'success', 'warning', 'default')`,
    ),
    // A hold always knows when it runs out; nothing else carries an expiry.
    check(
      'bookings_hold_expiry_check',
      sql`(${table.status} = 'held') = (${table.holdExpiresAt} is not null)`,
    ),
    check(
      'bookings_canceled_by_check',
      sql`${table.canceledBy} is null or ${table.canceledBy} in ('patient', 'psychologist')`,
    ),
    check(
      'bookings_booked_rates_check',
      sql`(${table.bookedRate20Paise} is null) = (${table.bookedRate45Paise} is null) and (${table.bookedRate20Paise} is null or (${table.bookedRate20Paise} > 0 and ${table.bookedRate45Paise} > 0))`,
    ),
    check(
      'bookings_pending_check',
      sql`(${table.pendingStartsAt} is null and ${table.pendingEndsAt} is null and ${table.pendingDurationMinutes} is null and ${table.pendingExpiresAt} is null) or (${table.status} = 'booked' and ${table.pendingDurationMinutes} in (20, 45) and ${table.pendingEndsAt} = ${table.pendingStartsAt} + make_interval(mins => ${table.pendingDurationMinutes}) and ${table.pendingExpiresAt} is not null)`,
    ),
    index('bookings_pending_idx')
      .on(table.psychologistId, table.pendingStartsAt)
      .where(sql`${table.pendingStartsAt} is not null`),
    check(
      'bookings_meeting_link_https',
      sql`${table.meetingLink} is null or ${table.meetingLink} like 'https://%'`,
    ),
  ],
);

/**
 * The patient's reminders of a booked session (24 hours and 1 hour before), scheduled when the booking
 * is confirmed and sent by the reminder sweep through the outbox. Kept in the database so they survive
 * a restart, and claimed row by row so several server processes never send one twice.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Hours before the start: 24 or 1. */
    hoursBefore: integer('hours_before').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending until sent; skipped when the session was canceled or a later reminder covers it. */
    status: text('status', { enum: ['pending', 'sent', 'skipped'] })
      .notNull()
      .default('pending'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('booking_reminders_booking_hours_unique').on(table.bookingId, table.hoursBefore),
    index('booking_reminders_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'pending'`),
    check('booking_reminders_status_check', sql`${table.status} in ('pending', 'sent', 'skipped')`),
  ],
);

/**
 * A psychologist's move of a patient's session, waiting for the patient's answer: keep the new time,
 * or cancel for a full refund. The emailed links carry a random token of which only the SHA-256 is
 * kept; it works once, until the session starts.
 */
export const bookingMoveOffers = pgTable(
  'booking_move_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    fromStartsAt: timestamp('from_starts_at', { withTimezone: true }).notNull(),
    toStartsAt: timestamp('to_starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decision: text('decision', { enum: ['keep', 'cancel'] }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('booking_move_offers_token_unique').on(table.tokenHash),
    // One open question per session: a second move waits for the answer to the first.
    uniqueIndex('booking_move_offers_open_unique')
      .on(table.bookingId)
      .where(sql`${table.decidedAt} is null`),
    check(
      'booking_move_offers_decision_check',
      sql`(${table.decision} is null) = (${table.decidedAt} is null) and (${table.decision} is null or ${table.decision} in ('keep', 'cancel'))`,
    ),
  ],
);
