import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { loadEnv } from '../src/env';
import { createTestDatabase } from './test-database';

export interface TwoProcesses {
  database: DatabaseHandle & { url: string | null };
  first: FastifyInstance;
  second: FastifyInstance;
}

/**
 * Two server processes' worth of app on one database, for the caches kept true by PostgreSQL's
 * notifications: a change made through one, read through both. Ready once both listen.
 */
export function useTwoProcesses(): TwoProcesses {
  const context = {} as TwoProcesses;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMITS: 'off',
    });
    context.first = await buildApp({ env, database: context.database });
    context.second = await buildApp({ env, database: context.database });
    await Promise.all([context.first.ready(), context.second.ready()]);
    // On a busy PostgreSQL a listening connection can take a retry to open: wait for both.
    const { first, second } = context;
    for (
      let waited = 0;
      !(first.caches.live && second.caches.live) && waited < 15_000;
      waited += 50
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(async () => {
    await context.first?.close();
    await context.second?.close();
    await context.database?.close();
  });
  return context;
}

/** Polls until `check` passes, up to two seconds: an announcement crosses a connection. */
export async function eventually(check: () => Promise<void>) {
  const deadline = Date.now() + 2_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
