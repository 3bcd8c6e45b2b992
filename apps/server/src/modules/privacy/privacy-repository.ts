import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authSessions,
  blockedSlots,
  bookings,
  calendarFeeds,
  daysOff,
  mailOutbox,
  oneTimeCodes,
  paymentDocuments,
  paymentOrders,
  psychologistProfiles,
  signInTokens,
  unavailableDayParts,
  users,
} from '../../db/schema';

/** The reads and writes of a data download and an account deletion, across every table concerned. */
export function createPrivacyRepository(db: Database) {
  return {
    /** Orders the user paid or tried to pay, oldest first. */
    ordersPaidBy(userId: string) {
      return db
        .select({ providerOrderId: paymentOrders.providerOrderId })
        .from(paymentOrders)
        .where(eq(paymentOrders.payerId, userId))
        .orderBy(asc(paymentOrders.createdAt));
    },

    /** Receipts and refund notes the user issued or received, oldest first, a page at a time. */
    documentsOf(userId: string, offset: number, limit: number) {
      return db
        .select()
        .from(paymentDocuments)
        .where(or(eq(paymentDocuments.issuerId, userId), eq(paymentDocuments.recipientId, userId)))
        .orderBy(asc(paymentDocuments.issuedAt), asc(paymentDocuments.id))
        .offset(offset)
        .limit(limit);
    },

    emailsTo(email: string) {
      return db
        .select({
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.to}) = lower(${email})`)
        .orderBy(asc(mailOutbox.createdAt));
    },

    /** Sessions of the user (either side) that are booked or held and have not started. */
    upcomingOf(userId: string, now: Date) {
      return db
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .where(
          and(
            or(eq(bookings.patientId, userId), eq(bookings.psychologistId, userId)),
            inArray(bookings.status, ['booked', 'held']),
            gt(bookings.startsAt, now),
          ),
        );
    },

    /** Holds in progress on either side are let go (a payment arriving later is refunded). */
    async releaseHolds(ids: string[]) {
      if (ids.length === 0) return;
      await db
        .update(bookings)
        .set({ status: 'canceled', paymentStatus: 'failed', holdExpiresAt: null })
        .where(and(inArray(bookings.id, ids), eq(bookings.status, 'held')));
    },

    /**
     * Removes who the person was, keeping the records others and the law need: sessions (their time,
     * fee, attendance) and payments stay, tied to an anonymous account; what the person wrote, their
     * sign-in means, emails to them and their calendar settings go.
     */
    async anonymise(userId: string, email: string, unusablePasswordHash: string, now: Date) {
      const tag = userId.replaceAll('-', '');
      await db
        .update(users)
        .set({
          email: `deleted-${tag}@deleted.invalid`,
          username: `deleted_${tag}`,
          fullName: null,
          passwordHash: unusablePasswordHash,
          emailVerifiedAt: null,
          consentedAt: null,
          consentVersion: null,
          deletedAt: now,
        })
        .where(eq(users.id, userId));
      await db.delete(authSessions).where(eq(authSessions.userId, userId));
      await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
      await db.delete(signInTokens).where(eq(signInTokens.userId, userId));
      // A calendar feed is a way in to their sessions too: its address stops working.
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      await db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${email})`);
      // What a patient wrote about their problems, and their time zone.
      await db
        .update(bookings)
        .set({ title: 'Session', description: '', patientTimeZone: null })
        .where(eq(bookings.patientId, userId));
      // Order notes carried the session's title; keep only what the order was for.
      await db
        .update(paymentOrders)
        .set({
          notes: sql`jsonb_build_object('purpose', ${paymentOrders.purpose}, 'reference_id', ${paymentOrders.referenceId})`,
          description: '',
        })
        .where(eq(paymentOrders.payerId, userId));
      await db
        .update(psychologistProfiles)
        // The profile they wrote about themselves goes too (issue 17 §2 added it).
        .set({
          displayName: 'Former psychologist',
          specializations: [],
          languages: [],
          bio: '',
          yearsOfPractice: null,
          registrationNumber: null,
          // A personal room's link is theirs; booked sessions keep the links they were given.
          meetingLinkMethod: 'manual',
          jitsiServer: null,
          personalMeetingLink: null,
        })
        .where(eq(psychologistProfiles.userId, userId));
      await db.delete(daysOff).where(eq(daysOff.psychologistId, userId));
      await db.delete(blockedSlots).where(eq(blockedSlots.psychologistId, userId));
      await db.delete(unavailableDayParts).where(eq(unavailableDayParts.psychologistId, userId));
    },
  };
}
