import { describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/sign-in';
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

describe('a validation answer’s details', () => {
  const context = useTestApp();

  it('name each failed check: a refinement by its own name, a built-in check by its code’s', async () => {
    const psychologist = await signedInAs(context.database.db, 'psychologist');
    const send = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
      context.app.inject({ method, url, headers: psychologist.headers, payload });
    // The address's two refinements fail at once: zod's code is `custom` for both, the names differ.
    const address = await send('PUT', '/api/receipts/settings', {
      address: 'a\nb\nc\nd\ne\u0001',
      gstStatus: 'not_registered',
      gstin: null,
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().error.details).toEqual([
      {
        path: 'body.address',
        message: 'Write the address in 4 lines or fewer',
        code: 'custom',
        check: 'addressLines',
      },
      {
        path: 'body.address',
        message: 'The address holds an invisible control character',
        code: 'custom',
        check: 'addressControlCharacter',
      },
    ]);
    // For a Hindi reader too: the answer's message is Hindi, the names stay.
    expect((await send('PATCH', '/api/users/me', { locale: 'hi' })).statusCode).toBe(200);
    const typo = await send('PUT', '/api/receipts/settings', {
      address: null,
      gstStatus: 'registered',
      gstin: '27AAPFU0939F1ZW',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.message).toMatch(/[\u0900-\u097F]/);
    expect(typo.json().error.details).toEqual([
      expect.objectContaining({
        path: 'body.gstin',
        code: 'custom',
        check: 'gstinCheckCharacter',
      }),
    ]);
    const missing = await send('PUT', '/api/receipts/settings', {
      address: null,
      gstStatus: 'registered',
      gstin: null,
    });
    expect(missing.json().error.details).toEqual([
      expect.objectContaining({ path: 'body.gstin', code: 'custom', check: 'gstinMissing' }),
    ]);
    // Built-in checks: a regex is `format`, `.int()` is `whole`, `.max()` is `tooBig`.
    const shape = await send('PUT', '/api/receipts/settings', {
      address: null,
      gstStatus: 'registered',
      gstin: 'ABC',
    });
    expect(shape.json().error.details).toEqual([
      expect.objectContaining({ path: 'body.gstin', code: 'invalid_format', check: 'format' }),
    ]);
    const url = `/api/psychologists/${psychologist.user.id}`;
    const years = await send('PATCH', url, { yearsOfPractice: 2.5, bio: 'x'.repeat(601) });
    expect(years.statusCode).toBe(400);
    expect(years.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'body.yearsOfPractice',
          code: 'invalid_type',
          expected: 'int',
          check: 'whole',
        }),
        expect.objectContaining({ path: 'body.bio', code: 'too_big', check: 'tooBig' }),
      ]),
    );
    // The body's own refinement (nothing sent) names itself too.
    const nothing = await send('PATCH', url, {});
    expect(nothing.json().error.details).toEqual([
      expect.objectContaining({ code: 'custom', check: 'somethingToChange' }),
    ]);
  });
});
