import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED } from '@sukoon/shared';
import { turnOnFeed } from '../../../test/calendar-feed';
import { signedInAs } from '../../../test/sign-in';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client';
import { loadEnv } from '../../env';

/**
 * Two server instances on one database, as two processes behind a balancer: a reset on one is seen by
 * the other at once, and the limits (per feed owner, and wrong links per address) are counted in the
 * database they share.
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

  it('limits fetches per owner, counted across instances; a new link starts no fresh count', async () => {
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

    const reset = await one.inject({
      method: 'POST',
      url: '/api/calendar-feeds/me/reset',
      headers: patient.headers,
    });
    const fresh = new URL(reset.json<{ data: { url: string } }>().data.url).pathname;
    expect((await two.inject({ url: fresh })).statusCode).toBe(429);
  }, 60_000);

  it('counts wrong links per address in one row, and refuses that address past the limit', async () => {
    const patient = await signedInAs(database.db, 'patient');
    const { path } = await turnOnFeed(one, patient.headers);
    const guesser = '203.0.113.7';
    const rowsOfFeeds = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from rate_limit_hits where key like 'calendar-feed:%'`,
        )
      )[0]!.n;
    const rowsBefore = await rowsOfFeeds();
    const guess = () => `/api/calendar-feeds/${randomBytes(32).toString('base64url')}.ics`;
    for (let index = 0; index < CALENDAR_FEED.missesPerWindow; index += 1) {
      const app = index % 2 === 0 ? one : two;
      const answer = await app.inject({ url: guess(), remoteAddress: guesser });
      expect(answer.statusCode).toBe(404);
    }
    // One row for the address, none for what it guessed.
    expect(await rowsOfFeeds()).toBe(rowsBefore + 1);

    const refused = await one.inject({ url: guess(), remoteAddress: guesser });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before anything is looked up, a real link too; other addresses go on.
    expect((await one.inject({ url: path, remoteAddress: guesser })).statusCode).toBe(429);
    expect((await one.inject({ url: path, remoteAddress: '198.51.100.2' })).statusCode).toBe(200);
    expect((await two.inject({ url: guess(), remoteAddress: guesser })).statusCode).toBe(429);
  }, 60_000);
});
