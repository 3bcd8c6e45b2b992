import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_POLICY } from '@sukoon/shared';
import { queryRows } from '../../db/client';
import { createPsychologist } from '../../db/factories';
import { istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

const context = useTestApp();
type Signed = Awaited<ReturnType<typeof signedInAs>>;
let psychologist: Signed;
let otherPsychologist: Signed;
let patient: Signed;

async function call(method: 'GET' | 'PATCH', url: string, as: Signed | null, payload?: object) {
  const response = await context.app.inject({
    method,
    url,
    ...(as ? { headers: as.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

beforeAll(async () => {
  psychologist = await signedInAs(context.database.db, 'psychologist');
  otherPsychologist = await signedInAs(context.database.db, 'psychologist');
  patient = await signedInAs(context.database.db, 'patient');
});

describe('GET /api/psychologists and /api/psychologists/{id}', () => {
  it('gives the fees in rupees under the original client’s names', async () => {
    const { status, body } = await call(
      'GET',
      `/api/psychologists/${psychologist.user.id}`,
      patient,
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: psychologist.user.id,
      displayName: `Dr. ${psychologist.user.username}`,
      timeZone: 'Asia/Kolkata',
      session_20_minute_rate: 500,
      session_45_minute_rate: 900,
      // A new profile: nothing chosen yet (profiles.test.ts covers filling it in).
      specializations: [],
      languages: [],
      bio: '',
      yearsOfPractice: null,
      registrationNumber: null,
      policy: DEFAULT_PRACTICE_POLICY,
    });
  });

  it('lists verified psychologists only, never patients', async () => {
    const unverified = await createPsychologist(context.database.db, { verified: false });
    const { body } = await call('GET', '/api/psychologists', patient);
    const ids = (body.data as { id: string }[]).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([psychologist.user.id, otherPsychologist.user.id]));
    expect(ids).not.toContain(unverified.id);
    expect(ids).not.toContain(patient.user.id);
  });

  it('answers 401 signed out, 404 for an unknown or non-psychologist id, 400 for a bad id', async () => {
    expect((await call('GET', '/api/psychologists', null)).status).toBe(401);
    expect(
      (await call('GET', `/api/psychologists/${patient.user.id}`, patient)).body.error.code,
    ).toBe('PSYCHOLOGIST_NOT_FOUND');
    const bad = await call('GET', '/api/psychologists/42', patient);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].message).toBe('The psychologist id is not valid');
  });
});

describe('psychologists who never verified their email or deleted their account', () => {
  it('are not listed, read, shown a calendar or booked; a deleted one says so plainly', async () => {
    const db = context.database.db;
    const unverified = await createPsychologist(db, { verified: false });
    const leaving = await signedInAs(db, 'psychologist');
    const date = istSlot(3, 600).toISOString().slice(0, 10);
    const calendarOf = (id: string) =>
      `/api/availability?psychologistId=${id}&from=${date}&to=${date}`;
    // Read once before the deletion: a cached calendar answer must not outlive it (the deletion
    // changes the profile row, whose announcement drops the cached answer).
    expect((await call('GET', calendarOf(leaving.user.id), patient)).status).toBe(200);
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: leaving.headers,
      payload: { password: 'correct-horse-battery' },
    });
    expect(deleted.statusCode).toBe(200);
    const countRows = async () =>
      (
        await queryRows<{ n: string }>(
          db,
          sql`select (select count(*) from bookings) + (select count(*) from payment_orders) as n`,
        )
      )[0]!.n;
    const before = await countRows();

    const listed = await call('GET', '/api/psychologists', patient);
    const ids = (listed.body.data as { id: string }[]).map((p) => p.id);
    expect(ids).not.toContain(unverified.id);
    expect(ids).not.toContain(leaving.user.id);

    const gone = {
      code: 'PSYCHOLOGIST_GONE',
      message:
        'This psychologist no longer offers sessions on Sukoon. Please choose another psychologist.',
    };
    for (const [id, status, error] of [
      [unverified.id, 404, { code: 'PSYCHOLOGIST_NOT_FOUND' }],
      [leaving.user.id, 410, gone],
    ] as const) {
      const profile = await call('GET', `/api/psychologists/${id}`, patient);
      expect([profile.status, profile.body.error]).toEqual([
        status,
        expect.objectContaining(error),
      ]);
      const calendar = await call('GET', calendarOf(id), patient);
      expect([calendar.status, calendar.body.error]).toEqual([
        status,
        expect.objectContaining(error),
      ]);
      const order = await context.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: patient.headers,
        payload: {
          psychologist_id: id,
          start_time: istSlot(3, 600).toISOString(),
          duration: 45,
          title: 'Feeling low',
          description: 'Hard to get going in the mornings',
        },
      });
      expect([order.statusCode, order.json().error]).toEqual([
        status,
        expect.objectContaining(error),
      ]);
    }
    expect(await countRows()).toBe(before);
  });
});

describe('PATCH /api/psychologists/{id}', () => {
  it('changes the psychologist’s own rates, time zone and display name', async () => {
    const { status, body } = await call(
      'PATCH',
      `/api/psychologists/${psychologist.user.id}`,
      psychologist,
      {
        displayName: '  Dr. Meera Iyer ',
        timeZone: 'Asia/Dubai',
        session_20_minute_rate: 650,
        session_45_minute_rate: 1200,
      },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: psychologist.user.id,
      displayName: 'Dr. Meera Iyer',
      timeZone: 'Asia/Dubai',
      session_20_minute_rate: 650,
      session_45_minute_rate: 1200,
    });
    const read = await call('GET', `/api/psychologists/${psychologist.user.id}`, patient);
    expect(read.body.data.session_45_minute_rate).toBe(1200);
  });

  it('is refused to a patient and to another psychologist, changing nothing', async () => {
    const url = `/api/psychologists/${otherPsychologist.user.id}`;
    expect((await call('PATCH', url, null, { displayName: 'Hacker' })).status).toBe(401);
    expect((await call('PATCH', url, patient, { displayName: 'Hacker' })).status).toBe(403);
    const other = await call('PATCH', url, psychologist, { session_20_minute_rate: 1 });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('You can only change your own profile.');
    const read = await call('GET', url, patient);
    expect(read.body.data.session_20_minute_rate).toBe(500);
  });

  it('refuses bad values with a message and keeps the old ones', async () => {
    const url = `/api/psychologists/${otherPsychologist.user.id}`;
    const cases: [object, string, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'body.timeZone', 'Choose a time zone such as Asia/Kolkata'],
      [{ session_20_minute_rate: 0 }, 'body.session_20_minute_rate', 'The fee must be at least ₹1'],
      [
        { session_45_minute_rate: 99.5 },
        'body.session_45_minute_rate',
        'Enter a whole number of rupees',
      ],
      [{ session_45_minute_rate: '900' }, 'body.session_45_minute_rate', 'Enter the fee in rupees'],
      [{ displayName: ' ' }, 'body.displayName', 'Full name needs at least 2 characters'],
      [{}, 'body', 'Send at least one field to change'],
    ];
    for (const [payload, path, message] of cases) {
      const { status, body } = await call('PATCH', url, otherPsychologist, payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.error.details).toContainEqual(expect.objectContaining({ path, message }));
    }
    const read = await call('GET', url, patient);
    expect(read.body.data).toMatchObject({
      timeZone: 'Asia/Kolkata',
      session_20_minute_rate: 500,
      session_45_minute_rate: 900,
    });
  });
});
