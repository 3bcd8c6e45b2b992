/** Outgoing mail: written in the sender's transaction, delivered by the outbox worker. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * An attachment as the outbox row keeps it: its bytes (base64, so an .ics invitation fits in JSON), or
 * a receipt's id, drawn by the worker as it sends (a PDF takes tens of milliseconds to draw, too long
 * to spend in the transaction that settles a payment while the receipt counter is locked).
 */
export type StoredAttachment = { filename: string; contentType: string } & (
  { contentBase64: string } | { documentId: string }
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Not before this instant: reminders are queued ahead; failed sends back off by moving it. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row owns it until then; a crashed worker's claim simply lapses. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.sendAfter),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);
