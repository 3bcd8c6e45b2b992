import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED } from '@sukoon/shared';
import { turnOnFeed } from '../../../test/calendar-feed';
import { signedInAs } from '../../../test/sign-in';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { loadEnv } from '../../env';

/**
 * Two server instances on one database, as two processes behind a balancer: a reset on one is seen by
 * the other at once, and the per-secret limit is counted in the database they share.
 */
describe('calendar feeds across server instances', () => {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMITS: 'on',
    RATE_LIMIT_WINDOW_SECONDS: '600',
  });
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: DatabaseHandle;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // On PostgreSQL the second instance has its own connection pool; PGlite lives in one process.
    second = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database;
    one = await buildApp({ env, database });
    two = await buildApp({ env, database: second });
    await Promise.all([one.ready(), two.ready()]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (second !== database) await second?.close();
    await database?.close();
  });

  it('answers 404 on the other instance as soon as the link is reset', async () => {
    const psychologist = await signedInAs(database.db, 'psychologist');
    const old = await turnOnFeed(one, psychologist.headers);
    expect((await two.inject({ url: old.path })).statusCode).toBe(200);
    const reset = await one.inject({
      method: 'POST',
      url: '/api/calendar-feeds/me/reset',
      headers: psychologist.headers,
    });
    expect(reset.statusCode).toBe(200);
    expect((await two.inject({ url: old.path })).statusCode).toBe(404);
    const fresh = new URL(reset.json<{ data: { url: string } }>().data.url).pathname;
    expect((await two.inject({ url: fresh })).statusCode).toBe(200);
  });

  it('limits fetches per secret, counted across instances, without refusing other feeds', async () => {
    const patient = await signedInAs(database.db, 'patient');
    const other = await signedInAs(database.db, 'patient');
    const { path } = await turnOnFeed(one, patient.headers);
    const { path: otherPath } = await turnOnFeed(one, other.headers);
    for (let index = 0; index < CALENDAR_FEED.requestsPerWindow; index += 1) {
      const app = index % 2 === 0 ? one : two;
      expect((await app.inject({ url: path })).statusCode).toBe(200);
    }
    const limited = await two.inject({ url: path });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await one.inject({ url: otherPath })).statusCode).toBe(200);
  }, 60_000);
});
