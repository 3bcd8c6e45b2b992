import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, inArray, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runPeriodically } from '../../lib/periodic';
import { endedHold } from '../bookings/bookings-repository';
import {
  auditEvents,
  authSessions,
  bookings,
  paymentOrders,
  mailOutbox,
  oneTimeCodes,
  rateLimitHits,
  signInTokens,
} from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long Sukoon keeps what it no longer needs (docs/accounts-and-privacy.md, "Data retention").
 * Sessions and payments are not here: they are kept as the practice's and the law's records, and
 * anonymised when an account is deleted.
 */
export const RETENTION_DAYS = {
  /** Emails already sent or given up on: they can hold one-time codes and session details. */
  sentMail: 30,
  /** Sign-in sessions, one-time codes and sign-in links once expired, revoked or used. */
  spentCredentials: 30,
  /** Sign-in, sign-out and password-reset entries of the audit log (with client addresses). */
  accountEvents: 365,
  /**
   * Holds that ended without a payment (released or expired): never sessions. Kept two days because
   * the count of a patient's abandoned holds over the last 24 hours pauses serial abandoners.
   */
  endedHolds: 2,
};

/** Deletes what has outlived its retention; safe to run from several processes at once. */
export async function purgeExpiredData(db: Database, now: Date): Promise<Record<string, number>> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const spent = before(RETENTION_DAYS.spentCredentials);
  const mail = await db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'failed']),
        lt(mailOutbox.createdAt, before(RETENTION_DAYS.sentMail)),
      ),
    )
    .returning({ id: mailOutbox.id });
  const sessions = await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, spent),
        and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, spent)),
      ),
    )
    .returning({ id: authSessions.id });
  const codes = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, spent))
    .returning({ id: oneTimeCodes.id });
  const links = await db
    .delete(signInTokens)
    .where(lt(signInTokens.expiresAt, spent))
    .returning({ id: signInTokens.id });
  const events = await db
    .delete(auditEvents)
    .where(
      and(
        or(like(auditEvents.action, 'auth.%'), like(auditEvents.action, 'account.%')),
        lt(auditEvents.occurredAt, before(RETENTION_DAYS.accountEvents)),
      ),
    )
    .returning({ id: auditEvents.id });
  // A hold whose payment order is still open waits for the reconciliation to look at that order first.
  const holds = await db
    .delete(bookings)
    .where(
      and(
        endedHold(now),
        lt(bookings.createdAt, before(RETENTION_DAYS.endedHolds)),
        sql`not exists (select 1 from ${paymentOrders}
                        where ${paymentOrders.purpose} = 'booking'
                          and ${paymentOrders.referenceId} = ${bookings.id}::text
                          and ${paymentOrders.status} = 'created'
                          and ${paymentOrders.reconciledAt} is null)`,
      ),
    )
    .returning({ id: bookings.id });
  // Rate-limit counters whose window ended a day ago count for nothing any more.
  const counters = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEndsAt, before(1)))
    .returning({ key: rateLimitHits.key });
  return {
    rateLimits: counters.length,
    mail: mail.length,
    sessions: sessions.length,
    codes: codes.length,
    links: links.length,
    accountEvents: events.length,
    endedHolds: holds.length,
  };
}

const SWEEP_MS = 60 * 60 * 1000;

/** Runs the purge every hour while the app runs. */
export const retentionPlugin = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, 'retention', SWEEP_MS, async () => {
      const purged = await purgeExpiredData(app.database.db, new Date());
      if (Object.values(purged).some((count) => count > 0)) {
        app.log.info({ purged }, 'retention: removed expired data');
      }
    });
  },
  { name: 'retention' },
);
