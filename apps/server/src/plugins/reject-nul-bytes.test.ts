import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { signedInAs } from '../../test/sign-in';
import { serializeRequest } from '../lib/log-serializers';

describe('inputs PostgreSQL cannot store or should not see', () => {
  const context = useTestApp();

  it('answers a NUL character anywhere in the request with 400, not 500', async () => {
    const psychologist = await signedInAs(context.database.db, 'psychologist');
    const profileUrl = `/api/psychologists/${psychologist.user.id}`;
    const before = await context.app.inject({ url: profileUrl, headers: psychologist.headers });
    const inBody = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { displayName: 'ab\u0000cd' },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'body.displayName: must not contain a NUL character',
    });
    const inQuery = await context.app.inject({
      url: `/api/availability?psychologistId=${psychologist.user.id}&from=2026-03-01%00&to=2026-03-02`,
      headers: psychologist.headers,
    });
    expect(inQuery.statusCode).toBe(400);
    const after = await context.app.inject({ url: profileUrl, headers: psychologist.headers });
    expect(after.json().data).toEqual(before.json().data);
  });

  it('accepts only time zones the database knows, in their canonical spelling', async () => {
    const psychologist = await signedInAs(context.database.db, 'psychologist');
    const patch = (timeZone: string) =>
      context.app.inject({
        method: 'PATCH',
        url: `/api/psychologists/${psychologist.user.id}`,
        headers: psychologist.headers,
        payload: { timeZone },
      });
    const lower = await patch('asia/kolkata');
    expect(lower.statusCode).toBe(200);
    expect(lower.json().data.timeZone).toBe('Asia/Kolkata');
    // Known to the browser's Intl but removed from the time zone database PostgreSQL ships.
    const unknownToDatabase = await patch('US/Pacific-New');
    expect(unknownToDatabase.statusCode).toBe(400);
    expect(unknownToDatabase.json().error.message).toMatch(/Choose a time zone/);
    const calendar = await context.app.inject({
      url: `/api/availability?psychologistId=${psychologist.user.id}&from=2026-03-01&to=2026-03-02`,
      headers: psychologist.headers,
    });
    expect(calendar.statusCode).toBe(200);
  });

  it('never logs a sign-in link token', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/?psychologistId=p1&token=SECRET-TOKEN-123&userId=u',
      host: 'localhost',
      ip: '127.0.0.1',
    });
    expect(logged.url).toBe('/?psychologistId=p1&token=[redacted]&userId=u');
  });
});
