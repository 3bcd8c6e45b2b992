import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { DocumentKind, GstStatus } from '@sukoon/shared';
import { queryRows, type Database } from '../../db/client';
import {
  bookings,
  documentCounters,
  paymentDocuments,
  psychologistProfiles,
  users,
} from '../../db/schema';

export type PaymentDocumentRow = typeof paymentDocuments.$inferSelect;

/** Only this module talks to the receipts tables. */
export function createReceiptsRepository(db: Database) {
  return {
    /**
     * The next number of a series in a financial year. The counter row stays locked until the caller's
     * transaction ends, and a rollback takes the number back, so numbers have no gaps and no repeats.
     */
    async nextNumber(series: string, financialYear: string, kind: DocumentKind) {
      const [row] = await db
        .insert(documentCounters)
        .values({ series, financialYear, kind, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [documentCounters.series, documentCounters.financialYear, documentCounters.kind],
          set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: documentCounters.lastNumber });
      return row!.lastNumber;
    },

    async insert(values: typeof paymentDocuments.$inferInsert) {
      const [row] = await db.insert(paymentDocuments).values(values).returning();
      return row!;
    },

    async findById(id: string) {
      const [row] = await db
        .select()
        .from(paymentDocuments)
        .where(eq(paymentDocuments.id, id))
        .limit(1);
      return row;
    },

    /** The receipt of a provider payment (one at most). */
    async findReceiptOfPayment(providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(paymentDocuments)
        .where(
          and(
            eq(paymentDocuments.providerPaymentId, providerPaymentId),
            ne(paymentDocuments.kind, 'refund_note'),
          ),
        )
        .limit(1);
      return row;
    },

    async findNoteOfRefund(refundId: string) {
      const [row] = await db
        .select()
        .from(paymentDocuments)
        .where(eq(paymentDocuments.refundId, refundId))
        .limit(1);
      return row;
    },

    /** Paise already given back by refund notes against a receipt. */
    async refundedOn(receiptId: string) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${paymentDocuments.amountPaise}), 0)` })
        .from(paymentDocuments)
        .where(eq(paymentDocuments.receiptId, receiptId));
      return Number(row?.total ?? 0);
    },

    /** A session's documents that this user issued or received, oldest first. */
    listForBooking(bookingId: string, userId: string) {
      return db
        .select()
        .from(paymentDocuments)
        .where(
          and(
            eq(paymentDocuments.bookingId, bookingId),
            or(eq(paymentDocuments.issuerId, userId), eq(paymentDocuments.recipientId, userId)),
          ),
        )
        .orderBy(paymentDocuments.issuedAt, paymentDocuments.sequence);
    },

    /** This user's newest documents, issued or received. */
    listForUser(userId: string, limit: number) {
      return db
        .select()
        .from(paymentDocuments)
        .where(or(eq(paymentDocuments.issuerId, userId), eq(paymentDocuments.recipientId, userId)))
        .orderBy(desc(paymentDocuments.issuedAt), desc(paymentDocuments.sequence))
        .limit(limit);
    },

    /** What the psychologist's next receipts print. */
    async findSettings(psychologistId: string) {
      const [row] = await db
        .select({
          address: psychologistProfiles.practiceAddress,
          gstStatus: psychologistProfiles.gstStatus,
          gstin: psychologistProfiles.gstin,
        })
        .from(psychologistProfiles)
        .where(eq(psychologistProfiles.userId, psychologistId))
        .limit(1);
      return row;
    },

    async updateSettings(
      psychologistId: string,
      settings: { address: string | null; gstStatus: GstStatus; gstin: string | null },
    ) {
      await db
        .update(psychologistProfiles)
        .set({
          practiceAddress: settings.address,
          gstStatus: settings.gstStatus,
          gstin: settings.gstin,
        })
        .where(eq(psychologistProfiles.userId, psychologistId));
    },

    /** What a receipt prints about its session and the people on it, read in the settling transaction. */
    async findSession(bookingId: string) {
      const [row] = await db
        .select({ booking: bookings, profile: psychologistProfiles })
        .from(bookings)
        .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, bookings.psychologistId))
        .where(eq(bookings.id, bookingId))
        .limit(1);
      return row;
    },

    async findUser(id: string) {
      const [row] = await db
        .select({ email: users.email, username: users.username, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /**
     * The psychologist's series code, given once: the first of BASE, BASE2, BASE3... nobody has, under
     * a lock of that base until the caller's transaction ends (only a psychologist's first receipt
     * takes it). A base is letters only, so the codes of two bases never meet, and psychologists of
     * different first names are given theirs at once: one lock for every base held each first
     * receipt's whole settlement behind every other's (issue 19).
     */
    async seriesOf(psychologistId: string, base: string, reserved: string[]): Promise<string> {
      const read = async () =>
        (
          await db
            .select({ series: psychologistProfiles.receiptSeries })
            .from(psychologistProfiles)
            .where(eq(psychologistProfiles.userId, psychologistId))
        )[0]?.series ?? null;
      const known = await read();
      if (known) return known;
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`receipt_series:${base}`}, 0))`,
      );
      const now = await read();
      if (now) return now;
      const taken = new Set(
        (
          await queryRows<{ receipt_series: string }>(
            db,
            sql`select receipt_series from psychologist_profiles
                where receipt_series ~ ${`^${base}[0-9]*$`}`,
          )
        ).map((row) => row.receipt_series),
      );
      for (const code of reserved) taken.add(code);
      let suffix = 1;
      let code = base;
      while (taken.has(code)) code = `${base}${++suffix}`;
      await db
        .update(psychologistProfiles)
        .set({ receiptSeries: code })
        .where(eq(psychologistProfiles.userId, psychologistId));
      return code;
    },
  };
}
