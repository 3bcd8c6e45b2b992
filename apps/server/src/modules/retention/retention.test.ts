import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPatient } from '../../db/factories';
import {
  auditEvents,
  authSessions,
  mailOutbox,
  oneTimeCodes,
  rateLimitHits,
  signInTokens,
} from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { recordAudit } from '../audit/audit-repository';
import { enqueueMail } from '../mail/outbox';
import { RETENTION_DAYS, purgeExpiredData } from './retention';

const DAY = 24 * 60 * 60 * 1000;
const context = useTestApp();

describe('data retention', () => {
  it('removes what has outlived its retention and keeps everything else', async () => {
    const db = context.database.db;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
    const user = await createPatient(db);

    const oldSent = await enqueueMail(db, { to: user.email, subject: 'old', text: 'x', html: 'x' });
    const recentSent = await enqueueMail(db, {
      to: user.email,
      subject: 'new',
      text: 'x',
      html: 'x',
    });
    const oldPending = await enqueueMail(db, {
      to: user.email,
      subject: 'due',
      text: 'x',
      html: 'x',
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', createdAt: daysAgo(RETENTION_DAYS.sentMail + 1) })
      .where(eq(mailOutbox.id, oldSent.id));
    await db
      .update(mailOutbox)
      .set({ status: 'sent', createdAt: daysAgo(1) })
      .where(eq(mailOutbox.id, recentSent.id));
    // Not yet delivered: never purged, however old.
    await db
      .update(mailOutbox)
      .set({ createdAt: daysAgo(90) })
      .where(eq(mailOutbox.id, oldPending.id));

    await db.insert(authSessions).values([
      { userId: user.id, tokenHash: 'expired-long-ago', expiresAt: daysAgo(31) },
      {
        userId: user.id,
        tokenHash: 'revoked-long-ago',
        expiresAt: daysAgo(-10),
        revokedAt: daysAgo(31),
      },
      { userId: user.id, tokenHash: 'live', expiresAt: daysAgo(-10) },
    ]);
    await db.insert(oneTimeCodes).values([
      { userId: user.id, purpose: 'verify_email', codeHash: 'old', expiresAt: daysAgo(31) },
      { userId: user.id, purpose: 'verify_email', codeHash: 'new', expiresAt: daysAgo(0) },
    ]);
    await db.insert(signInTokens).values([
      { userId: user.id, tokenHash: 'old-link', expiresAt: daysAgo(31) },
      { userId: user.id, tokenHash: 'new-link', expiresAt: daysAgo(-3) },
    ]);
    await recordAudit(db, {
      action: 'auth.signed_in',
      actor: { id: user.id, role: 'patient' },
      subjectUserId: user.id,
      details: { ip: '203.0.113.9' },
    });
    await recordAudit(db, {
      action: 'auth.signed_in',
      actor: { id: user.id, role: 'patient' },
      subjectUserId: user.id,
    });
    const [oldest] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, user.id))
      .limit(1);
    await db
      .update(auditEvents)
      .set({ occurredAt: daysAgo(RETENTION_DAYS.accountEvents + 1) })
      .where(eq(auditEvents.id, oldest!.id));

    await db.insert(rateLimitHits).values([
      { key: 'login:ip:old', hits: 3, windowEndsAt: daysAgo(2) },
      { key: 'login:ip:live', hits: 1, windowEndsAt: daysAgo(-0.01) },
    ]);

    expect(await purgeExpiredData(db, now)).toEqual({
      rateLimits: 1,
      mail: 1,
      sessions: 2,
      codes: 1,
      links: 1,
      accountEvents: 1,
      endedHolds: 0,
    });
    const subjects = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)))
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual(['due', 'new']);
    expect(
      (await db.select().from(authSessions).where(eq(authSessions.userId, user.id))).map(
        (s) => s.tokenHash,
      ),
    ).toEqual(['live']);
    expect(
      await db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.id)),
    ).toHaveLength(1);
    // A second run finds nothing more.
    expect(Object.values(await purgeExpiredData(db, now)).every((count) => count === 0)).toBe(true);
  });
});
