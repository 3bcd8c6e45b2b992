import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

describe('error envelope', () => {
  const context = useTestApp();

  it('answers an unknown API route with a 404 envelope', async () => {
    const { app } = context;
    const response = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist.' },
    });
    // Error answers keep the headers set on arrival.
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a request id it was given, and makes a new one for each request otherwise', async () => {
    const { app } = context;
    const given = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-7.abc' },
    });
    expect(given.headers['x-request-id']).toBe('proxy-7.abc');
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const { app } = context;
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/health']).toBeDefined();
  });

  it('sets security headers', async () => {
    const { app } = context;
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });
});
