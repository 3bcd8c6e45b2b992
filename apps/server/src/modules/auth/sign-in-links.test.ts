import { describe, expect, it } from 'vitest';
import { createPatient, createPsychologist } from '../../db/factories';
import { DEMO_PATIENT } from '../../db/seed';
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
