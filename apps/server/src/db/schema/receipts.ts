/**
 * Receipts and refund notes (issue 21). Each series counts in its own row, incremented in the
 * transaction that settles the payment or records the refund, so a number is used exactly when that
 * commits: no gaps, no duplicates. Each document keeps a copy of what it prints (issuer, recipient,
 * session, tax position), so a later profile edit never rewrites an old receipt.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, type DocumentKind } from '@sukoon/shared';
import { users } from './accounts';
import { bookings } from './bookings';
import { refunds } from './payments';

/** The last number used in each series (a psychologist's or the platform's), year and kind. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    /** Receipts (and the platform's fee receipts) count apart from refund notes. */
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear, table.kind] })],
);

/** What a document prints, as it was when it was issued. */
export interface DocumentSnapshot {
  title: string;
  issuer: {
    name: string;
    registrationNumber: string | null;
    address: string | null;
    gstStatus: 'not_registered' | 'registered' | null;
    gstin: string | null;
  };
  recipient: { name: string; email: string };
  session: { startsAt: string; endsAt: string; durationMinutes: number; timeZone: string } | null;
  /** The session's fee, for a receipt; the penalty for a fee receipt. */
  feePaise: number;
  method: string | null;
  providerPaymentId: string;
  /** A refund note: the receipt it refunds part or all of. */
  receiptNumber: string | null;
  description: string;
}

export const paymentDocuments = pgTable(
  'payment_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).$type<DocumentKind>().notNull(),
    number: text('number').notNull(),
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /**
     * The provider's id of the payment a receipt is for (one receipt per payment), or of the one a
     * refund note refunds. The provider's id, as a receipt is numbered inside the purpose that accepts
     * the payment, before the payments row is written in the same transaction.
     */
    providerPaymentId: text('provider_payment_id').notNull(),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** A refund note's receipt. */
    receiptId: uuid('receipt_id'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Who may download it: the psychologist who issued it (null: the platform) and the recipient. */
    issuerId: uuid('issuer_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    amountPaise: integer('amount_paise').notNull(),
    snapshot: jsonb('snapshot').$type<DocumentSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_documents_number_unique').on(table.number),
    uniqueIndex('payment_documents_sequence_unique').on(
      table.series,
      table.financialYear,
      table.kind,
      table.sequence,
    ),
    uniqueIndex('payment_documents_receipt_per_payment')
      .on(table.providerPaymentId)
      .where(sql`${table.kind} <> 'refund_note'`),
    uniqueIndex('payment_documents_refund_unique').on(table.refundId),
    index('payment_documents_booking_idx').on(table.bookingId),
    check('payment_documents_amount_positive', sql`${table.amountPaise} > 0`),
    check(
      'payment_documents_refund_note_shape',
      sql`(${table.kind} = 'refund_note') = (${table.refundId} is not null and ${table.receiptId} is not null)`,
    ),
  ],
);
