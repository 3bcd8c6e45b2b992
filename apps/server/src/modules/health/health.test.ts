import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { loadEnv } from '../../env';
import { useTestApp } from '../../../test/test-app';

describe('GET /api/health', () => {
  const context = useTestApp();

  it('reports the database reachable and the number of applied migrations', async () => {
    const { app, database } = context;
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      error: null,
      data: { status: 'ok', database: { reachable: true, driver: database.driver } },
    });
    expect(body.data.database.schemaVersion).toBeGreaterThanOrEqual(1);
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 instead of failing when the database cannot be reached', async () => {
    // Port 1 on loopback refuses connections, as a stopped PostgreSQL does.
    const unreachable = await openDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/none',
    });
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: unreachable,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        data: { status: 'unavailable', database: { reachable: false, schemaVersion: null } },
        error: { code: 'SERVICE_UNAVAILABLE' },
      });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
