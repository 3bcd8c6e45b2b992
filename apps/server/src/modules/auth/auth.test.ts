import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema';
import { createPatient } from '../../db/factories';
import { DEMO_PSYCHOLOGIST, ensureDemoData } from '../../db/seed';
import { useTestApp } from '../../../test/test-app';

describe('login, me and logout', () => {
  const context = useTestApp();

  it('signs in the demo psychologist and returns the token at the top level and in data', async () => {
    await ensureDemoData(context.database.db);
    await ensureDemoData(context.database.db); // idempotent
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ' Demo.Psychologist@sukoon.test ', password: DEMO_PSYCHOLOGIST.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toBe(body.data.token);
    expect(body.data.user).toMatchObject({
      email: DEMO_PSYCHOLOGIST.email,
      role: 'psychologist',
      avatarUrl: null,
    });

    const me = await context.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json().data.username).toBe(DEMO_PSYCHOLOGIST.username);

    const logout = await context.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(logout.statusCode).toBe(200);
    const after = await context.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown email alike, with 401', async () => {
    const patient = await createPatient(context.database.db, { password: 'right-password-1' });
    for (const payload of [
      { email: patient.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: 'right-password-1' },
    ]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
    }
  });

  it('records a refused sign-in to no account as it does for a real one, so both take the same work', async () => {
    const failures = async () =>
      (
        await context.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'auth.sign_in_failed'))
      ).length;
    const before = await failures();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody.at.all@example.test', password: 'whatever-1' },
    });
    expect(response.statusCode).toBe(401);
    expect(await failures()).toBe(before + 1);
  });

  it('refuses an unverified account and says to verify', async () => {
    const patient = await createPatient(context.database.db, {
      password: 'right-password-1',
      verified: false,
    });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: patient.email, password: 'right-password-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/verify your email/);
  });

  it('rejects a malformed body with 400 and the field message', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});
