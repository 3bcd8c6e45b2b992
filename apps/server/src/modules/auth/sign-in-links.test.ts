import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createPatient, createPsychologist } from '../../db/factories';
import { auditEvents } from '../../db/schema';
import { DEMO_PATIENT } from '../../db/seed';
import { latestCode } from '../../../test/mailbox';
import { useTestApp } from '../../../test/test-app';
import { issueSignInToken } from './sign-in-tokens';

describe('sign-in links and the demo patient', () => {
  const context = useTestApp();
  const exchange = (token: string) =>
    context.app.inject({ method: 'POST', url: '/api/users/token-login', payload: { token } });

  it('exchanges a patient link token for a session exactly once', async () => {
    const patient = await createPatient(context.database.db, { verified: false });
    const { token } = await issueSignInToken(context.database.db, patient.id);
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user).toMatchObject({ id: patient.id, role: 'patient' });
    const me = await context.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${first.json().token}` },
    });
    expect(me.statusCode).toBe(200);

    const second = await exchange(token);
    expect(second.statusCode).toBe(401);
    expect(second.json().error).toEqual({
      code: 'SIGN_IN_LINK_INVALID',
      message: 'This sign-in link has expired or was already used. Please sign in.',
    });
  });

  it('refuses an expired or made-up token, and issues none to a psychologist', async () => {
    const patient = await createPatient(context.database.db);
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const { token } = await issueSignInToken(context.database.db, patient.id, {
      now: past,
      ttlMs: 60 * 60 * 1000,
    });
    expect((await exchange(token)).statusCode).toBe(401);
    expect((await exchange('x'.repeat(43))).statusCode).toBe(401);
    expect((await exchange('short')).statusCode).toBe(400);

    const psychologist = await createPsychologist(context.database.db);
    await expect(issueSignInToken(context.database.db, psychologist.id)).rejects.toThrow(
      /patients only/,
    );
  });

  it("lasts 24 hours, and issuing a link revokes the patient's earlier one", async () => {
    const patient = await createPatient(context.database.db);
    const now = new Date();
    const earlier = await issueSignInToken(context.database.db, patient.id, { now });
    expect(earlier.expiresAt.getTime() - now.getTime()).toBe(24 * 60 * 60 * 1000);
    const newest = await issueSignInToken(context.database.db, patient.id, { now });
    expect((await exchange(earlier.token)).statusCode).toBe(401);
    expect((await exchange(newest.token)).statusCode).toBe(200);
  });

  it('stops signing in once the owner has reset their password', async () => {
    const patient = await createPatient(context.database.db);
    const { token } = await issueSignInToken(context.database.db, patient.id);
    const post = (url: string, payload: Record<string, unknown>) =>
      context.app.inject({ method: 'POST', url, payload });
    expect((await post('/api/password/forgot', { email: patient.email })).statusCode).toBe(200);
    const reset = await post('/api/password/reset', {
      email: patient.email,
      otp_code: await latestCode(context.app, patient.email),
      new_password: 'lantern-orchard-77',
    });
    expect(reset.statusCode).toBe(200);
    expect((await exchange(token)).statusCode).toBe(401);
  });

  it('signs out everywhere: every session and link of the caller ends, and it is audited', async () => {
    const patient = await createPatient(context.database.db, { password: 'kettle-monsoon-42' });
    const other = await createPatient(context.database.db, { password: 'kettle-monsoon-42' });
    const signIn = async (email: string) =>
      (
        await context.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email, password: 'kettle-monsoon-42' },
        })
      ).json().token as string;
    const [phone, laptop, bystander] = [
      await signIn(patient.email),
      await signIn(patient.email),
      await signIn(other.email),
    ];
    const { token: link } = await issueSignInToken(context.database.db, patient.id);
    const me = (token: string) =>
      context.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

    const everywhere = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { authorization: `Bearer ${laptop}` },
    });
    expect(everywhere.json()).toEqual({ success: true, data: { signedOut: true }, error: null });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await exchange(link)).statusCode).toBe(401);
    expect((await me(bystander)).statusCode).toBe(200);
    const audited = await context.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.subjectUserId, patient.id),
          eq(auditEvents.action, 'auth.signed_out_everywhere'),
        ),
      );
    expect(audited).toHaveLength(1);
  });

  it('stops signing in once the account is deleted', async () => {
    const patient = await createPatient(context.database.db, { password: 'kettle-monsoon-42' });
    const { token } = await issueSignInToken(context.database.db, patient.id);
    const session = (
      await context.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: patient.email, password: 'kettle-monsoon-42' },
      })
    ).json().token as string;
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${session}` },
      payload: { password: 'kettle-monsoon-42' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await exchange(token)).statusCode).toBe(401);
  });

  it('signs in the demo patient while demo data is on', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/users/demo-login' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.email).toBe(DEMO_PATIENT.email);
    const config = await context.app.inject({ url: '/api/config' });
    expect(config.json().data.demo).toBe(true);
  });
});

describe('the demo patient without demo data', () => {
  const context = useTestApp({ DEMO: 'false' });

  it('answers 404', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/users/demo-login' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
