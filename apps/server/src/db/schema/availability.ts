/**
 * Availability, stored as absolute facts per psychologist (dates on their wall calendar, instants for
 * slots), never as week-relative indexes. Nothing stored means available: each row is an exception.
 */
import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const psychologistId = () =>
  uuid('psychologist_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A day part (morning, afternoon, evening) of one date marked unavailable. */
export const unavailableDayParts = pgTable(
  'unavailable_day_parts',
  {
    psychologistId: psychologistId(),
    date: date('date', { mode: 'string' }).notNull(),
    segment: text('segment', { enum: ['morning', 'afternoon', 'evening'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.psychologistId, table.date, table.segment] }),
    check(
      'unavailable_day_parts_segment_check',
      sql`${table.segment} in ('morning', 'afternoon', 'evening')`,
    ),
  ],
);

/** A whole date marked 'Not available'. */
export const daysOff = pgTable(
  'days_off',
  {
    psychologistId: psychologistId(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.psychologistId, table.date] })],
);

/** A blocked half-hour slot, by its start instant. */
export const blockedSlots = pgTable(
  'blocked_slots',
  {
    psychologistId: psychologistId(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.psychologistId, table.startsAt] })],
);
