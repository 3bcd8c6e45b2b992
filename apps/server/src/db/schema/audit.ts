/** The audit log: who did what to a booking, and sign-ins. Written in the transaction of the change. */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** One of AUDIT_ACTIONS in the shared package. */
    action: text('action').notNull(),
    /** Who acted; null for the system (workers, the payment provider) or a deleted account. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role', { enum: ['patient', 'psychologist', 'system'] }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** Whose account a sign-in event is about. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Small facts (a status, an amount, an address); never notes or free text a patient wrote. */
    details: jsonb('details')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
  },
  (table) => [
    index('audit_events_booking_idx').on(table.bookingId, table.occurredAt),
    index('audit_events_subject_idx').on(table.subjectUserId, table.occurredAt),
    check(
      'audit_events_actor_role_check',
      sql`${table.actorRole} in ('patient', 'psychologist', 'system')`,
    ),
  ],
);
