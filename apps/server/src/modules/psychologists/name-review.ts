import { desc, eq, ne } from 'drizzle-orm';
import { namesTooClose } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { auditEvents, psychologistProfiles } from '../../db/schema';
import { recordAudit } from '../audit/audit-repository';

/**
 * Names too close to another psychologist's (issue 16 #11): a patient could take one for the other.
 * Such a name is not refused (two people may share a name) but flagged in the audit log, in the
 * transaction that sets the name, for an operator to review with `npm run names -- review`.
 */
export async function flagNameIfTooClose(
  tx: Database,
  psychologistId: string,
  name: string,
): Promise<void> {
  const others = await tx
    .select({ id: psychologistProfiles.userId, name: psychologistProfiles.displayName })
    .from(psychologistProfiles)
    .where(ne(psychologistProfiles.userId, psychologistId));
  const twin = others.find((other) => namesTooClose(name, other.name));
  if (!twin) return;
  await recordAudit(tx, {
    action: 'account.name_flagged',
    actor: null,
    subjectUserId: psychologistId,
    details: { name, similar_to_id: twin.id, similar_to_name: twin.name },
  });
}

export interface FlaggedName {
  psychologistId: string;
  name: string;
  similarToId: string;
  similarToName: string;
  flaggedAt: Date;
  /** The name the psychologist has now: a flag whose name has since changed is shown as such. */
  currentName: string | null;
}

/** The flagged names, newest first: what the operator reviews. */
export async function listFlaggedNames(db: Database, limit = 200): Promise<FlaggedName[]> {
  const rows = await db
    .select({
      subjectUserId: auditEvents.subjectUserId,
      details: auditEvents.details,
      occurredAt: auditEvents.occurredAt,
      currentName: psychologistProfiles.displayName,
    })
    .from(auditEvents)
    .leftJoin(psychologistProfiles, eq(psychologistProfiles.userId, auditEvents.subjectUserId))
    .where(eq(auditEvents.action, 'account.name_flagged'))
    .orderBy(desc(auditEvents.occurredAt))
    .limit(limit);
  return rows.map((row) => ({
    psychologistId: row.subjectUserId ?? '',
    name: String(row.details.name ?? ''),
    similarToId: String(row.details.similar_to_id ?? ''),
    similarToName: String(row.details.similar_to_name ?? ''),
    flaggedAt: row.occurredAt,
    currentName: row.currentName,
  }));
}
