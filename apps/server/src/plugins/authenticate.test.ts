import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { createSessionsService } from '../modules/auth/sessions-service';
import { createTestDatabase } from '../../test/test-database';
import { signedInAs } from '../../test/sign-in';
import { createPatient } from '../db/factories';
import { requireAuth } from './authenticate';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The guard every protected route relies on, exercised through two probe routes. */
describe('authenticate and requireAuth', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/probe/any',
      { schema: { response: { 200: z.object({ id: z.string() }) } } },
      async (request) => ({
        id: requireAuth(request).id,
      }),
    );
    typed.get('/api/probe/psychologist', async (request) => ({
      id: requireAuth(request, 'psychologist').id,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`]) {
      const response = await app.inject({
        url: '/api/probe/any',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('lets a signed-in user through and refuses the wrong role with 403', async () => {
    const patient = await signedInAs(database.db, 'patient');
    const ok = await app.inject({ url: '/api/probe/any', headers: patient.headers });
    expect(ok.json()).toEqual({ id: patient.user.id });
    const refused = await app.inject({ url: '/api/probe/psychologist', headers: patient.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses a revoked token and a token of an unverified account', async () => {
    const psychologist = await signedInAs(database.db, 'psychologist');
    const sessions = createSessionsService(database.db);
    const resolved = await sessions.resolve(psychologist.token);
    await sessions.revoke(resolved!.sessionId);
    const revoked = await app.inject({ url: '/api/probe/any', headers: psychologist.headers });
    expect(revoked.statusCode).toBe(401);

    const unverified = await createPatient(database.db, { verified: false });
    const { token } = await sessions.issue(unverified.id);
    const response = await app.inject({
      url: '/api/probe/any',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('ends a session after its idle limit', async () => {
    const patient = await createPatient(database.db);
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const early = createSessionsService(database.db, () => issuedAt);
    const { token } = await early.issue(patient.id);
    const eightDaysLater = createSessionsService(
      database.db,
      () => new Date('2026-01-09T00:00:00Z'),
    );
    expect(await early.resolve(token)).not.toBeNull();
    expect(await eightDaysLater.resolve(token)).toBeNull();
  });

  it('ends a session 30 days after sign-in even when it is used every day', async () => {
    const patient = await createPatient(database.db);
    const start = Date.parse('2026-02-01T00:00:00Z');
    const at = (days: number) =>
      createSessionsService(database.db, () => new Date(start + days * 86_400_000));
    const { token, expiresAt } = await at(0).issue(patient.id);
    expect(expiresAt.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    // Used every six days, it never goes idle...
    for (let day = 6; day < 30; day += 6) expect(await at(day).resolve(token)).not.toBeNull();
    expect(await at(29.9).resolve(token)).not.toBeNull();
    // ...and still ends at its absolute limit.
    expect(await at(30).resolve(token)).toBeNull();
  });

  it('revokes the token at logout: the same token is refused afterwards', async () => {
    const patient = await signedInAs(database.db, 'patient');
    const me = () => app.inject({ url: '/api/users/me', headers: patient.headers });
    expect((await me()).statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: patient.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    // Another device's session of the same user is untouched.
    const { token } = await createSessionsService(database.db).issue(patient.user.id);
    const other = await app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(200);
  });
});
