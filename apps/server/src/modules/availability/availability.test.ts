import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '@sukoon/shared';
import { queryRows } from '../../db/client';
import { createBooking, createPatient, createPsychologist } from '../../db/factories';
import { createSessionsService } from '../auth/sessions-service';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

const context = useTestApp();

type Signed = Awaited<ReturnType<typeof signedInAs>>;
let psychologist: Signed;
let otherPsychologist: Signed;
let patient: Signed;
const IST = 'Asia/Kolkata';
const DATE = '2030-03-12'; // a Tuesday, safely in the future

async function call(
  method: 'GET' | 'PATCH',
  url: string,
  as: Signed | null,
  payload?: Record<string, unknown>,
) {
  const response = await context.app.inject({
    method,
    url,
    ...(as ? { headers: as.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

const availabilityOf = (who: Signed, from = DATE, to = DATE, as: Signed = patient) =>
  call('GET', `/api/availability?psychologistId=${who.user.id}&from=${from}&to=${to}`, as);

async function storedRows() {
  const rows = await queryRows<{ n: number }>(
    context.database.db,
    sql`select ((select count(*) from unavailable_day_parts) + (select count(*) from days_off)
        + (select count(*) from blocked_slots))::int as n`,
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  psychologist = await signedInAs(context.database.db, 'psychologist');
  otherPsychologist = await signedInAs(context.database.db, 'psychologist');
  patient = await signedInAs(context.database.db, 'patient');
});

describe('GET /api/availability', () => {
  it('is available by default: nothing stored, nothing busy', async () => {
    const { status, body } = await availabilityOf(psychologist);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      psychologistId: psychologist.user.id,
      timeZone: IST,
      from: DATE,
      to: DATE,
      daysOff: [],
      unavailableDayParts: [],
      blockedSlots: [],
      busy: [],
    });
  });

  it('needs a signed-in user', async () => {
    const { status, body } = await call(
      'GET',
      `/api/availability?psychologistId=${psychologist.user.id}&from=${DATE}&to=${DATE}`,
      null,
    );
    expect(status).toBe(401);
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses bad ranges with a message: unreal dates, reversed, too long, unknown psychologist', async () => {
    const unreal = await availabilityOf(psychologist, '2030-02-30', '2030-03-01');
    expect(unreal.status).toBe(400);
    expect(unreal.body.error.details[0]).toEqual({
      path: 'querystring.from',
      message: 'Must be a real date in the form YYYY-MM-DD (for example 2026-03-09)',
      // zod's check and its name, so a client words it in its reader's language.
      code: 'custom',
      check: 'custom',
    });
    const reversed = await availabilityOf(psychologist, '2030-03-12', '2030-03-11');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.details[0].message).toBe('to must be on or after from');
    const long = await availabilityOf(psychologist, '2030-03-01', '2030-04-12');
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({
      code: 'RANGE_TOO_LONG',
      message: 'Ask for at most 42 days at a time (one month view).',
    });
    expect((await availabilityOf(psychologist, '2030-03-01', '2030-04-11')).status).toBe(200);
    const unknown = await call(
      'GET',
      `/api/availability?psychologistId=${patient.user.id}&from=${DATE}&to=${DATE}`,
      patient,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('That psychologist could not be found.');
  });

  it('shows booked sessions and live holds as busy intervals without private details', async () => {
    const other = await createPatient(context.database.db);
    const busyPsychologist = await createPsychologist(context.database.db);
    const at = (minute: number) => zonedInstant(DATE, minute, IST);
    await createBooking(context.database.db, {
      psychologistId: busyPsychologist.id,
      patientId: other.id,
      startsAt: at(10 * 60),
      title: 'Private: panic attacks',
    });
    await createBooking(context.database.db, {
      psychologistId: busyPsychologist.id,
      startsAt: at(12 * 60),
      durationMinutes: 20,
      status: 'held',
    });
    // An expired hold (not yet swept), a canceled session and another day: not busy here.
    await createBooking(context.database.db, {
      psychologistId: busyPsychologist.id,
      startsAt: at(14 * 60),
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    await createBooking(context.database.db, {
      psychologistId: busyPsychologist.id,
      startsAt: at(16 * 60),
      status: 'canceled',
    });
    await createBooking(context.database.db, {
      psychologistId: busyPsychologist.id,
      startsAt: zonedInstant('2030-03-13', 10 * 60, IST),
    });

    const response = await call(
      'GET',
      `/api/availability?psychologistId=${busyPsychologist.id}&from=${DATE}&to=${DATE}`,
      patient,
    );
    expect(response.body.data.busy).toEqual([
      { start: '2030-03-12T04:30:00.000Z', end: '2030-03-12T05:15:00.000Z' },
      { start: '2030-03-12T06:30:00.000Z', end: '2030-03-12T06:50:00.000Z' },
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/panic|Session|patient/i);
  });
});

describe('PATCH /api/availability/toggle-segment, toggle-day, toggle-slot', () => {
  it('lets a psychologist mark a day part, a day and a slot, and undo each', async () => {
    const nine30 = zonedInstant(DATE, 9 * 60 + 30, IST).toISOString();
    expect(
      (
        await call('PATCH', '/api/availability/toggle-segment', psychologist, {
          date: DATE,
          segment: 'evening',
          status: 'Unavailable',
        })
      ).body,
    ).toEqual({ success: true, data: { date: DATE, updated: true }, error: null });
    // Idempotent: a second identical call still succeeds and stores one row.
    await call('PATCH', '/api/availability/toggle-segment', psychologist, {
      date: DATE,
      segment: 'evening',
      status: 'Unavailable',
    });
    await call('PATCH', '/api/availability/toggle-day', psychologist, {
      date: '2030-03-14',
      status: 'Unavailable',
    });
    const blocked = await call('PATCH', '/api/availability/toggle-slot', psychologist, {
      start: nine30,
      status: 'Blocked',
    });
    expect(blocked.body.data).toEqual({ start: nine30, blocked: true });

    let { body } = await availabilityOf(psychologist, DATE, '2030-03-18');
    expect(body.data.unavailableDayParts).toEqual([{ date: DATE, segment: 'evening' }]);
    expect(body.data.daysOff).toEqual(['2030-03-14']);
    expect(body.data.blockedSlots).toEqual([nine30]);
    // Another psychologist's calendar is untouched.
    expect((await availabilityOf(otherPsychologist, DATE, '2030-03-18')).body.data.daysOff).toEqual(
      [],
    );

    await call('PATCH', '/api/availability/toggle-segment', psychologist, {
      date: DATE,
      segment: 'evening',
      status: 'Available',
    });
    await call('PATCH', '/api/availability/toggle-day', psychologist, {
      date: '2030-03-14',
      status: 'Available',
    });
    await call('PATCH', '/api/availability/toggle-slot', psychologist, {
      start: nine30,
      status: 'Available',
    });
    ({ body } = await availabilityOf(psychologist, DATE, '2030-03-18'));
    expect(body.data).toMatchObject({ unavailableDayParts: [], daysOff: [], blockedSlots: [] });
    expect(await storedRows()).toBe(0);
  });

  it('is the psychologist’s alone: 401 signed out, 403 for a patient or another psychologist', async () => {
    const bodies = {
      'toggle-segment': { date: DATE, segment: 'morning', status: 'Unavailable' },
      'toggle-day': { date: DATE, status: 'Unavailable' },
      'toggle-slot': { start: zonedInstant(DATE, 600, IST).toISOString(), status: 'Blocked' },
    };
    for (const [path, payload] of Object.entries(bodies)) {
      const url = `/api/availability/${path}`;
      expect((await call('PATCH', url, null, payload)).status).toBe(401);
      const asPatient = await call('PATCH', url, patient, payload);
      expect(asPatient.status).toBe(403);
      expect(asPatient.body.error.message).toBe('Only a psychologist can do that.');
      const asOther = await call('PATCH', url, otherPsychologist, {
        ...payload,
        psychologistId: psychologist.user.id,
      });
      expect(asOther.status).toBe(403);
      expect(asOther.body.error.message).toBe('You can only change your own availability.');
    }
    expect(await storedRows()).toBe(0);
  });

  it('refuses bad input with a message and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'toggle-segment',
        { date: '2030-02-30', segment: 'morning', status: 'Unavailable' },
        'date',
        'Must be a real date in the form YYYY-MM-DD (for example 2026-03-09)',
      ],
      [
        'toggle-segment',
        { date: DATE, segment: 'night', status: 'Unavailable' },
        'segment',
        'Segment must be morning, afternoon or evening',
      ],
      [
        'toggle-segment',
        { date: DATE, segment: 'morning', status: 'Maybe' },
        'status',
        "Status must be 'Available' or 'Unavailable'",
      ],
      [
        'toggle-day',
        { date: '12/03/2030', status: 'Unavailable' },
        'date',
        'Must be a real date in the form YYYY-MM-DD (for example 2026-03-09)',
      ],
      [
        'toggle-slot',
        { start: 'tomorrow at ten', status: 'Blocked' },
        'start',
        'Start must be a date and time such as 2026-03-10T04:30:00.000Z',
      ],
    ];
    for (const [path, payload, field, message] of cases) {
      const { status, body } = await call(
        'PATCH',
        `/api/availability/${path}`,
        psychologist,
        payload,
      );
      expect(status, path).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details).toContainEqual(
        expect.objectContaining({ path: `body.${field}`, message }),
      );
    }
    // Outside working hours, or not on a half-hour boundary, in the psychologist's own zone.
    for (const minute of [8 * 60 + 30, 21 * 60, 20 * 60 + 45, 10 * 60 + 15]) {
      const { status, body } = await call('PATCH', '/api/availability/toggle-slot', psychologist, {
        start: zonedInstant(DATE, minute, IST).toISOString(),
        status: 'Blocked',
      });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: 'INVALID_SLOT',
        message:
          'Choose a half-hour slot between 9:00 AM and 8:30 PM in the psychologist’s time zone.',
      });
    }
    expect(await storedRows()).toBe(0);
  });

  it('reads working hours in the psychologist’s own time zone', async () => {
    const london = await createPsychologist(context.database.db, { timeZone: 'Europe/London' });
    const { token } = await createSessionsService(context.database.db).issue(london.id);
    const as = { user: london, token, headers: { authorization: `Bearer ${token}` } } as Signed;
    // 9:00 in London is 14:30 in Kolkata: a slot there; 9:00 Kolkata is 3:30 in London: not.
    const ok = await call('PATCH', '/api/availability/toggle-slot', as, {
      start: zonedInstant(DATE, 9 * 60, 'Europe/London').toISOString(),
      status: 'Blocked',
    });
    expect(ok.status).toBe(200);
    const refused = await call('PATCH', '/api/availability/toggle-slot', as, {
      start: zonedInstant(DATE, 9 * 60, IST).toISOString(),
      status: 'Blocked',
    });
    expect(refused.status).toBe(400);
    const { body } = await availabilityOf(as);
    expect(body.data.timeZone).toBe('Europe/London');
    expect(body.data.blockedSlots).toEqual(['2030-03-12T09:00:00.000Z']);
  });
});

describe('OpenAPI document', () => {
  it('documents every calendar endpoint from the same schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/availability',
        '/api/availability/toggle-segment',
        '/api/availability/toggle-day',
        '/api/availability/toggle-slot',
        '/api/psychologists',
        '/api/psychologists/{id}',
        '/api/events',
        '/api/bookings/user/{userId}',
      ]),
    );
  });
});
