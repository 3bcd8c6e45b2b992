import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECEIPT_LIMITS } from '@sukoon/shared';
import { psychologistProfiles } from '../../db/schema';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

/** The receipts routes as a caller meets them: their limits and their refusals (issue 21). */
describe('receipts routes', () => {
  const context = useTestApp({ RATE_LIMITS: 'on' });
  const db = () => context.database.db;

  it('limits each person’s receipt requests, without refusing anyone else', async () => {
    const patient = await signedInAs(db(), 'patient');
    const other = await signedInAs(db(), 'patient');
    const list = (headers: Record<string, string>, ip: string) =>
      context.app.inject({ url: '/api/receipts', headers, remoteAddress: ip });
    // From addresses of their own, so only the per-person limit can be reached.
    for (let index = 0; index < RECEIPT_LIMITS.perUser; index += 1) {
      const address = `10.1.${Math.floor(index / 50)}.${index % 50}`;
      expect((await list(patient.headers, address)).statusCode).toBe(200);
    }
    const limited = await list(patient.headers, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A PDF counts against the same allowance: it is refused before the document is looked for.
    const pdf = await context.app.inject({
      url: '/api/receipts/00000000-0000-4000-8000-000000000001.pdf',
      headers: patient.headers,
      remoteAddress: '10.9.9.10',
    });
    expect(pdf.statusCode).toBe(429);
    expect((await list(other.headers, '10.9.9.11')).statusCode).toBe(200);
  }, 60_000);

  it('refuses a GSTIN whose check character does not match, saying so, and keeps what was saved', async () => {
    const psychologist = await signedInAs(db(), 'psychologist');
    const put = (payload: object) =>
      context.app.inject({
        method: 'PUT',
        url: '/api/receipts/settings',
        headers: psychologist.headers,
        payload,
      });
    // 27AAPFU0939F1ZV is a well-formed GSTIN; its last character is the check character.
    const saved = await put({
      address: 'Koregaon Park, Pune',
      gstStatus: 'registered',
      gstin: '27aapfu0939f1zv',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ gstStatus: 'registered', gstin: '27AAPFU0939F1ZV' });

    const typo = await put({
      address: 'Koregaon Park, Pune',
      gstStatus: 'registered',
      gstin: '27AAPFU0939F1ZW',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('last character does not match'),
    });
    const missing = await put({ address: null, gstStatus: 'registered', gstin: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Enter your GSTIN');

    const [row] = await db()
      .select({ gstin: psychologistProfiles.gstin, address: psychologistProfiles.practiceAddress })
      .from(psychologistProfiles)
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    expect(row).toEqual({ gstin: '27AAPFU0939F1ZV', address: 'Koregaon Park, Pune' });
  });
});
