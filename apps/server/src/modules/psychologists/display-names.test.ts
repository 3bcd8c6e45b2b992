import { attachmentText } from '../../../test/mailbox';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, psychologistProfiles } from '../../db/schema';
import { useTestApp } from '../../../test/test-app';
import { bookAndPay, istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';

describe('psychologists’ display names', () => {
  const context = useTestApp();

  it('are stored in one spelling, and refused with line breaks, bidi overrides or markup', async () => {
    const psychologist = await signedInAs(context.database.db, 'psychologist');
    const rename = (displayName: string) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/psychologists/${psychologist.user.id}`,
        headers: psychologist.headers,
        payload: { displayName },
      });
    for (const hostile of ['Asha\r\nBcc: all@example.com', 'Asha\u202Egnp', '<b>Asha</b>']) {
      const refused = await rename(hostile);
      expect(refused.statusCode, JSON.stringify(hostile)).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    const renamed = await rename('  प्रिया   शर्मा ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [profile] = await context.database.db
      .select({ displayName: psychologistProfiles.displayName })
      .from(psychologistProfiles)
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    expect(profile!.displayName).toBe('प्रिया शर्मा');
  });

  it('cannot add a line or break out of the organizer in an invitation, even as stored before', async () => {
    const db = context.database.db;
    const psychologist = await signedInAs(db, 'psychologist');
    const patient = await signedInAs(db, 'patient');
    await db
      .update(psychologistProfiles)
      .set({ displayName: `<img src=x>"'&\nBcc: evil@example.com` })
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    await bookAndPay(context.app, patient, psychologist.user.id, istSlot(4, 11 * 60));
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, patient.user.email));
    const ics = attachmentText(mail!.attachments[0]);
    // Unfold (RFC 5545: a line break followed by a space continues the line), then read the lines.
    const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
    const organizer = lines.filter((line) => line.startsWith('ORGANIZER'));
    expect(organizer).toHaveLength(1);
    expect(organizer[0]).toMatch(/^ORGANIZER;CN="[^"\\]*":mailto:/);
    expect(lines.some((line) => line.startsWith('Bcc'))).toBe(false);
  });
});
