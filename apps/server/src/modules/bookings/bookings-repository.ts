import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../../db/client';
import { CURRENCY, type RefundSummary } from '@sukoon/shared';
import { SESSION_PAYMENT_PURPOSES } from './session-payments';
import {
  bookings,
  paymentOrders,
  payments,
  psychologistProfiles,
  refunds,
  users,
} from '../../db/schema';

const patients = alias(users, 'patients');
const psychologistUsers = alias(users, 'psychologist_users');

/**
 * Holds that ended without a payment: released by the patient (canceled with no cancellation time),
 * expired, or held past their expiry and not yet swept. Never a session: left out of every list, and
 * purged by the retention sweep (RETENTION_DAYS.endedHolds).
 */
export function endedHold(now: Date = new Date()): SQL {
  return or(
    eq(bookings.status, 'expired'),
    and(
      eq(bookings.status, 'canceled'),
      isNull(bookings.canceledAt),
      eq(bookings.paymentStatus, 'failed'),
    ),
    and(eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, now)),
  )!;
}

/** Bookings that are, or may still become, a session: booked, or held with time left on the hold. */
function live(): SQL {
  return or(
    eq(bookings.status, 'booked'),
    and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, new Date())),
  )!;
}

export type BookingWithNames = Awaited<
  ReturnType<ReturnType<typeof createBookingsRepository>['listForUser']>
>[number];

/** The columns of a length change waiting for its payment, cleared. */
export const NO_PENDING_CHANGE = {
  pendingStartsAt: null,
  pendingEndsAt: null,
  pendingDurationMinutes: null,
  pendingExpiresAt: null,
};

export function createBookingsRepository(db: Database) {
  function select(where: SQL | undefined) {
    return db
      .select({
        booking: bookings,
        psychologistName: psychologistProfiles.displayName,
        psychologistTimeZone: psychologistProfiles.timeZone,
        patientName: patients.username,
      })
      .from(bookings)
      .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, bookings.psychologistId))
      .leftJoin(patients, eq(patients.id, bookings.patientId))
      .where(where)
      .orderBy(asc(bookings.startsAt), asc(bookings.id));
  }

  const involving = (userId: string) =>
    or(eq(bookings.psychologistId, userId), eq(bookings.patientId, userId));

  return {
    findById(id: string) {
      return select(eq(bookings.id, id)).then((rows) => rows[0] ?? null);
    },

    /** The patient and the psychologist of a session, as its emails name them (and in which language), in one read. */
    async findPeople(patientId: string, psychologistId: string) {
      const [row] = await db
        .select({
          patient: {
            id: patients.id,
            email: patients.email,
            username: patients.username,
            fullName: patients.fullName,
            locale: patients.locale,
          },
          psychologistEmail: psychologistUsers.email,
          psychologistLocale: psychologistUsers.locale,
          psychologistName: psychologistProfiles.displayName,
          psychologistZone: psychologistProfiles.timeZone,
        })
        .from(patients)
        .innerJoin(
          psychologistUsers,
          and(eq(psychologistUsers.id, psychologistId), eq(psychologistUsers.role, 'psychologist')),
        )
        .innerJoin(psychologistProfiles, eq(psychologistProfiles.userId, psychologistUsers.id))
        .where(eq(patients.id, patientId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Expires every hold whose time has run out (of one psychologist, or all). An UPDATE, because the
     * exclusion constraint only lets go of a row whose status is no longer 'held'.
     */
    async expireHolds(now: Date, psychologistId?: string) {
      const rows = await db
        .update(bookings)
        .set({ status: 'expired', holdExpiresAt: null })
        .where(
          and(
            eq(bookings.status, 'held'),
            lte(bookings.holdExpiresAt, now),
            psychologistId ? eq(bookings.psychologistId, psychologistId) : undefined,
          ),
        )
        .returning({ id: bookings.id });
      // A longer length whose payment did not come in time lets its interval go the same way. Rows
      // another transaction has locked are skipped (it may be changing that session): waiting for
      // them could deadlock two patients acting at once.
      await db
        .update(bookings)
        .set(NO_PENDING_CHANGE)
        .where(
          inArray(
            bookings.id,
            db
              .select({ id: bookings.id })
              .from(bookings)
              .where(
                and(
                  lte(bookings.pendingExpiresAt, now),
                  psychologistId ? eq(bookings.psychologistId, psychologistId) : undefined,
                ),
              )
              .for('update', { skipLocked: true }),
          ),
        );
      return rows.length;
    },

    /**
     * The INSERT of a row, not run, for a caller that writes it with others in one statement
     * (`writeTogether`); an overlap with a live row fails the whole statement with the constraint's error.
     */
    insertStatement(values: typeof bookings.$inferInsert & { id: string }): SQL {
      return db.insert(bookings).values(values).getSQL();
    },

    /**
     * A live hold of this patient becomes a booked, paid, scheduled session; null if it is not live.
     * With it, in the same round trip, the psychologist's meeting-link choice (their profile's columns),
     * which the confirmation turns into the session's link.
     */
    async confirmHold(id: string, patientId: string, now: Date) {
      const profile = (column: SQL) =>
        sql`(select ${column} from ${psychologistProfiles} where ${psychologistProfiles.userId} = ${bookings.psychologistId})`;
      const [row] = await db
        .update(bookings)
        .set({
          status: 'booked',
          paymentStatus: 'completed',
          attendanceStatus: 'scheduled',
          holdExpiresAt: null,
        })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.patientId, patientId),
            eq(bookings.status, 'held'),
            gt(bookings.holdExpiresAt, now),
          ),
        )
        .returning({
          ...getTableColumns(bookings),
          meetingLinkMethod: profile(sql`${psychologistProfiles.meetingLinkMethod}`).mapWith(
            psychologistProfiles.meetingLinkMethod,
          ),
          jitsiServer: profile(sql`${psychologistProfiles.jitsiServer}`).mapWith(
            psychologistProfiles.jitsiServer,
          ),
          personalMeetingLink: profile(sql`${psychologistProfiles.personalMeetingLink}`).mapWith(
            psychologistProfiles.personalMeetingLink,
          ),
        });
      if (!row) return null;
      const { meetingLinkMethod, jitsiServer, personalMeetingLink, ...booking } = row;
      return { booking, meetingLinks: { meetingLinkMethod, jitsiServer, personalMeetingLink } };
    },

    /** `update`'s UPDATE, not run, for a caller that writes it with others in one statement. */
    updateStatement(id: string, changes: Partial<typeof bookings.$inferInsert>): SQL {
      return db.update(bookings).set(changes).where(eq(bookings.id, id)).getSQL();
    },

    /** Records that the payment for a hold that was no longer live is being refunded. */
    async markRefunded(id: string) {
      await db
        .update(bookings)
        .set({
          paymentStatus: 'refunded',
          status: sql`case when ${bookings.status} = 'held' then 'expired' else ${bookings.status} end`,
          holdExpiresAt: null,
        })
        .where(and(eq(bookings.id, id), inArray(bookings.status, ['held', 'expired', 'canceled'])));
    },

    /** Lets go of the patient's own hold (checkout dismissed or failed); null if there is none. */
    async releaseHold(id: string, patientId: string) {
      const [row] = await db
        .update(bookings)
        .set({ status: 'canceled', paymentStatus: 'failed', holdExpiresAt: null })
        .where(
          and(eq(bookings.id, id), eq(bookings.patientId, patientId), eq(bookings.status, 'held')),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Takes the patient's hold lock until the transaction ends, or answers false at once when another
     * of their hold requests has it (waiting would park a pooled connection per parallel request), so
     * the limits on live and abandoned holds are counted once however many requests race.
     */
    async tryLockPatientHolds(patientId: string): Promise<boolean> {
      const [row] = await queryRows<{ locked: boolean }>(
        db,
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`holds:${patientId}`}, 0)) as locked`,
      );
      return row?.locked === true;
    },

    /** A patient's holds that still reserve a slot. */
    async liveHoldsOf(patientId: string, now: Date) {
      return db
        .select({ id: bookings.id, psychologistId: bookings.psychologistId })
        .from(bookings)
        .where(
          and(
            eq(bookings.patientId, patientId),
            eq(bookings.status, 'held'),
            gt(bookings.holdExpiresAt, now),
          ),
        );
    },

    /**
     * A patient's holds placed since `since` that ended without a payment (released, or run out), and
     * when the oldest of them was placed: the pause on new holds lifts 24 hours after that.
     */
    async abandonedHoldsSince(patientId: string, since: Date, now: Date) {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<string | null>`min(${bookings.createdAt})`,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.patientId, patientId),
            gt(bookings.createdAt, since),
            or(
              eq(bookings.status, 'expired'),
              and(eq(bookings.status, 'canceled'), eq(bookings.paymentStatus, 'failed')),
              and(eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, now)),
            ),
          ),
        );
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    /** The booking row, locked until the transaction ends (cancel, attendance and links queue up). */
    async lockById(id: string) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
      return row ?? null;
    },

    /**
     * Changes a booked session; null when it is no longer booked (canceled meanwhile). An empty change
     * only touches updated_at, so "nothing to change" is not an error.
     */
    async updateIfBooked(id: string, changes: Partial<typeof bookings.$inferInsert>) {
      const [row] = await db
        .update(bookings)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'booked')))
        .returning();
      return row ?? null;
    },

    async update(id: string, changes: Partial<typeof bookings.$inferInsert>) {
      const [row] = await db.update(bookings).set(changes).where(eq(bookings.id, id)).returning();
      return row ?? null;
    },

    /**
     * Per booking, what was paid for it in all (its booking and any longer length) and what of that
     * is refunded: one summary of its refunds, pending while any is. A payment refused (after its
     * hold or its length change's time ran out) counts as paid and as refunded in full.
     */
    async moneyOf(
      bookingIds: string[],
    ): Promise<Map<string, { refund: RefundSummary; paidPaise: number }>> {
      if (bookingIds.length === 0) return new Map();
      const settledBy = and(
        eq(paymentOrders.id, payments.orderId),
        eq(paymentOrders.settledByPaymentId, payments.providerPaymentId),
      );
      const ofSessions = and(
        inArray(paymentOrders.purpose, SESSION_PAYMENT_PURPOSES),
        inArray(paymentOrders.referenceId, bookingIds),
      );
      const refundRows = await db
        .select({
          bookingId: paymentOrders.referenceId,
          status: refunds.status,
          amount: refunds.amountPaise,
          attempts: refunds.attempts,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .innerJoin(paymentOrders, settledBy)
        .where(ofSessions);
      // Every payment that settled one of its orders: captured, or refused (a late payment for a
      // hold or a length change) and so refunded in full, which the refunds above then include.
      const paidRows = await db
        .select({
          bookingId: paymentOrders.referenceId,
          paid: sql<string>`sum(${payments.amountPaise})::text`,
        })
        .from(payments)
        .innerJoin(paymentOrders, settledBy)
        .where(and(ofSessions, inArray(payments.status, ['captured', 'rejected'])))
        .groupBy(paymentOrders.referenceId);
      const paid = new Map(paidRows.map((row) => [row.bookingId, Number(row.paid)]));
      const money = new Map<string, { refund: RefundSummary; paidPaise: number }>();
      for (const { bookingId, status, amount, attempts } of refundRows) {
        const seen = money.get(bookingId);
        const refund: RefundSummary = seen
          ? {
              status: seen.refund.status === 'pending' ? 'pending' : status,
              amount: seen.refund.amount + amount,
              currency: CURRENCY,
              attempts: Math.max(seen.refund.attempts, attempts),
            }
          : { status, amount, attempts, currency: CURRENCY };
        money.set(bookingId, { refund, paidPaise: paid.get(bookingId) ?? refund.amount });
      }
      return money;
    },

    /**
     * Every booking the user is part of, as patient or as psychologist, oldest first; holds that
     * ended without a payment are not bookings and are left out.
     */
    listForUser(userId: string) {
      return select(and(involving(userId), not(endedHold())));
    },

    /**
     * One page of listForUser: up to `limit` rows after `after`, in (starts_at, id) order, so a row
     * added or removed between pages never shifts another into or out of the next one.
     */
    listPageForUser(
      userId: string,
      page: { limit: number; after?: { startsAt: Date; id: string } },
    ) {
      const { after } = page;
      return select(
        and(
          involving(userId),
          not(endedHold()),
          after
            ? or(
                gt(bookings.startsAt, after.startsAt),
                and(eq(bookings.startsAt, after.startsAt), gt(bookings.id, after.id)),
              )
            : undefined,
        ),
      ).limit(page.limit);
    },

    /** The user's live bookings overlapping [from, to). */
    listLiveForUser(userId: string, range: { from?: Date; to?: Date }) {
      return select(
        and(
          involving(userId),
          live(),
          range.to ? lt(bookings.startsAt, range.to) : undefined,
          range.from ? gt(bookings.endsAt, range.from) : undefined,
        ),
      );
    },
  };
}
