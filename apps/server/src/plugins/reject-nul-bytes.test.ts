import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { signedInAs } from '../../test/sign-in';
import { serializeRequest } from '../lib/log-serializers';
import { paymentOrders } from '../db/schema';
import { istSlot } from '../../test/booking';

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

  it('answers a lone surrogate in a body with 400 before any order is opened', async () => {
    const patient = await signedInAs(context.database.db, 'patient');
    const psychologist = await signedInAs(context.database.db, 'psychologist');
    const ordersBefore = await context.database.db.$count(paymentOrders);
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: { ...patient.headers, 'content-type': 'application/json' },
      // Written as JSON text: the escape makes a string holding half of a character.
      payload: `{"psychologist_id":"${psychologist.user.id}","start_time":"${istSlot(3, 600).toISOString()}","duration":45,"title":"\\ud800x","description":"Sleep"}`,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'body.title: holds a broken character (an unpaired surrogate); please retype it',
    });
    expect(await context.database.db.$count(paymentOrders)).toBe(ordersBefore);
    // A real character outside the BMP (a surrogate pair) is fine.
    const paired = await context.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: patient.headers,
      payload: {
        psychologist_id: psychologist.user.id,
        start_time: istSlot(3, 600).toISOString(),
        duration: 45,
        title: 'Feeling low 🙏',
        description: 'Sleep',
      },
    });
    expect(paired.statusCode, paired.body).toBe(200);
  });

  it('names the first NUL in reading order, however deep within the allowed nesting', async () => {
    const psychologist = await signedInAs(context.database.db, 'psychologist');
    let nested: unknown = ['x', 'deep\u0000'];
    for (let level = 0; level < 30; level += 1) nested = { a: nested };
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { first: ['ok', 'a\u0000'], second: nested },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('body.first.1: must not contain a NUL character');
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
