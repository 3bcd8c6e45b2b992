import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEvent } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';

export interface AuditRecord {
  action: AuditAction;
  /** Null for the system: a worker or the payment provider. */
  actor: { id: string; role: 'patient' | 'psychologist' } | null;
  bookingId?: string;
  subjectUserId?: string;
  details?: Record<string, string | number | boolean | null>;
}

/**
 * Writes one audit event. Pass the transaction of the change it records, so the log holds exactly
 * what happened: a change that rolls back leaves no entry.
 */
export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values(auditValues(record));
}

/**
 * The INSERT of one audit event, not run: for a caller that writes it in the same statement as the
 * change it records (`writeTogether`), one round trip instead of two.
 */
export function auditStatement(db: Database, record: AuditRecord): SQL {
  return db.insert(auditEvents).values(auditValues(record)).getSQL();
}

function auditValues(record: AuditRecord): typeof auditEvents.$inferInsert {
  return {
    action: record.action,
    actorId: record.actor?.id ?? null,
    actorRole: record.actor?.role ?? 'system',
    bookingId: record.bookingId ?? null,
    subjectUserId: record.subjectUserId ?? null,
    details: record.details ?? {},
  };
}

function toAuditEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
  return {
    id: row.id,
    action: row.action as AuditAction,
    occurredAt: row.occurredAt.toISOString(),
    actor: row.actorRole,
    details: row.details,
  };
}

export function createAuditRepository(db: Database) {
  return {
    /** A booking's history, oldest first. */
    async listForBooking(bookingId: string): Promise<AuditEvent[]> {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.bookingId, bookingId))
        .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));
      return rows.map(toAuditEvent);
    },

    /** The sign-in events of an account, newest first. */
    async listForSubject(userId: string, limit: number): Promise<AuditEvent[]> {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.subjectUserId, userId))
        .orderBy(desc(auditEvents.occurredAt))
        .limit(limit);
      return rows.map(toAuditEvent);
    },

    /** Drops the addresses recorded in an account's sign-in events (the account was deleted). */
    async forgetAddresses(userId: string) {
      await db
        .update(auditEvents)
        .set({ details: sql`${auditEvents.details} - 'ip'` })
        .where(eq(auditEvents.subjectUserId, userId));
    },
  };
}
