import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { loadEnv } from '../src/env';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
}

/**
 * Call at the top of a test file (or describe block): builds the app on a fresh database before the
 * tests and closes both afterwards. The returned object is filled in once `beforeAll` has run.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  /** Extra build options made once the database exists (e.g. a payment provider on a local server). */
  extra: (database: DatabaseHandle) => Partial<BuildAppOptions> = () => ({}),
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      // Limits are proven in their own tests; other features' tests must not be throttled.
      RATE_LIMITS: 'off',
      ...overrides,
    });
    context.app = await buildApp({ env, database: context.database, ...extra(context.database) });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}
