import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRACTICE_POLICY, addIsoDays, localDateOf, zonedInstant } from '@sukoon/shared';
import { queryRows } from '../../db/client';
import { createBooking, createPsychologist } from '../../db/factories';
import { blockedSlots, daysOff, psychologistProfiles, unavailableDayParts } from '../../db/schema';
import { createSessionsService } from '../auth/sessions-service';
import { createCodesService } from '../codes/codes-service';
import { signedInAs } from '../../../test/sign-in';
import { useTestApp } from '../../../test/test-app';

// Issue 17 §2: the profile patients choose by, who may change it, and the list with next free times.

const context = useTestApp();
type Signed = Awaited<ReturnType<typeof signedInAs>>;
let psychologist: Signed;
let otherPsychologist: Signed;
let patient: Signed;

const IST = 'Asia/Kolkata';
const istDay = (days: number) => addIsoDays(localDateOf(new Date(), IST), days);
const istAt = (days: number, minute: number) => zonedInstant(istDay(days), minute, IST);

async function call(method: 'GET' | 'PATCH', url: string, as: Signed | null, payload?: object) {
  const response = await context.app.inject({
    method,
    url,
    ...(as ? { headers: as.headers } : {}),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json(), text: response.body };
}

const COMPLETE = {
  displayName: 'Meera Iyer',
  specializations: ['trauma', 'family'],
  languages: ['English', 'Tamil', 'Hindi'],
  bio: 'I help adults and families after loss and trauma.\r\nSessions in English, Tamil or Hindi.',
  yearsOfPractice: 12,
  registrationNumber: ' CRR  A-12345 ',
};

beforeAll(async () => {
  psychologist = await signedInAs(context.database.db, 'psychologist');
  otherPsychologist = await signedInAs(context.database.db, 'psychologist');
  patient = await signedInAs(context.database.db, 'patient');
});

describe('PATCH /api/psychologists/{id}: the profile', () => {
  it('saves every field in one spelling and reads it back for patients', async () => {
    const saved = await call('PATCH', `/api/psychologists/${psychologist.user.id}`, psychologist, {
      ...COMPLETE,
    });
    expect(saved.status, saved.text).toBe(200);
    const read = await call('GET', `/api/psychologists/${psychologist.user.id}`, patient);
    expect(read.body.data).toEqual({
      id: psychologist.user.id,
      displayName: 'Meera Iyer',
      timeZone: 'Asia/Kolkata',
      session_20_minute_rate: 500,
      session_45_minute_rate: 900,
      specializations: ['trauma', 'family'],
      languages: ['English', 'Tamil', 'Hindi'],
      bio: 'I help adults and families after loss and trauma.\nSessions in English, Tamil or Hindi.',
      yearsOfPractice: 12,
      registrationNumber: 'CRR A-12345',
      policy: DEFAULT_PRACTICE_POLICY,
    });
    // An emptied registration number is removed, not kept as ''.
    const cleared = await call(
      'PATCH',
      `/api/psychologists/${psychologist.user.id}`,
      psychologist,
      {
        registrationNumber: '',
      },
    );
    expect(cleared.body.data.registrationNumber).toBeNull();
  });

  it('refuses bad input with a message a person can act on', async () => {
    const cases: [object, string][] = [
      [{ bio: 'x'.repeat(601) }, 'Keep the bio to 600 characters or fewer'],
      [{ yearsOfPractice: 71 }, 'Years of practice can be at most 70'],
      [{ yearsOfPractice: -1 }, 'Years of practice cannot be negative'],
      [{ yearsOfPractice: 2.5 }, 'Enter whole years of practice'],
      [{ specializations: [] }, 'Choose at least one specialization'],
      [{ specializations: ['astrology'] }, 'Choose a specialization: clinical, counseling'],
      [{ specializations: ['child', 'child'] }, 'Choose each specialization once'],
      [{ languages: [] }, 'Choose at least one language you see patients in'],
      [{ languages: ['Klingon'] }, 'Choose a language from the list'],
      [{ registrationNumber: '<b>RCI</b>' }, 'letters, digits, spaces and . / - only'],
      [{ registrationNumber: 'A'.repeat(41) }, 'at most 40 characters'],
    ];
    for (const [payload, message] of cases) {
      const refused = await call(
        'PATCH',
        `/api/psychologists/${psychologist.user.id}`,
        psychologist,
        payload,
      );
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(refused.body.error), JSON.stringify(payload)).toContain(message);
    }
    // 600 characters are fine.
    const longest = await call(
      'PATCH',
      `/api/psychologists/${psychologist.user.id}`,
      psychologist,
      {
        bio: 'x'.repeat(600),
      },
    );
    expect(longest.status).toBe(200);
  });

  it('can be changed by that psychologist only: not a patient, not another psychologist', async () => {
    const url = `/api/psychologists/${psychologist.user.id}`;
    const payload = { bio: 'Not mine to write', languages: ['Urdu'] };
    const byPatient = await call('PATCH', url, patient, payload);
    expect([byPatient.status, byPatient.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const byOther = await call('PATCH', url, otherPsychologist, payload);
    expect([byOther.status, byOther.body.error.code]).toEqual([403, 'FORBIDDEN']);
    expect(byOther.body.error.message).toBe('You can only change your own profile.');
    expect((await call('PATCH', url, null, payload)).status).toBe(401);
    const read = await call('GET', url, patient);
    expect(read.body.data.bio).not.toBe('Not mine to write');
    expect(read.body.data.languages).not.toEqual(['Urdu']);
  });
});

describe('registration keeps the full name', () => {
  it('stores Full name and Specialization as the profile; without a name, never the bare username', async () => {
    const codes = await createCodesService(context.database.db).issue({
      institution: 'Test Institute',
      count: 2,
      expiresInMs: 86_400_000,
    });
    const stamp = Date.now() % 100_000;
    const register = (extra: object, n: number) =>
      context.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          username: `meera_iyer_${stamp}_${n}`,
          email: `meera.${stamp}.${n}@example.test`,
          password: 'kettle-monsoon-42',
          role: 'psychologist',
          psychologist_code: codes[n]!.code,
          ...extra,
        },
      });
    const named = await register({ fullName: '  डॉ. मीरा   अय्यर ', specialization: 'child' }, 0);
    expect(named.statusCode, named.body).toBe(201);
    const unnamed = await register({}, 1);
    expect(unnamed.statusCode, unnamed.body).toBe(201);
    const rows = await queryRows<{
      username: string;
      display_name: string;
      specializations: string[];
    }>(
      context.database.db,
      sql`select u.username, p.display_name, p.specializations from psychologist_profiles p
            join users u on u.id = p.user_id where u.username like ${`meera_iyer_${stamp}_%`}
           order by u.username`,
    );
    expect(rows.map((row) => [row.display_name, row.specializations])).toEqual([
      ['डॉ. मीरा अय्यर', ['child']],
      [`Meera Iyer ${stamp} 1`, []],
    ]);
    const refused = await register({ fullName: 'Asha\u202Egnp' }, 0);
    expect(refused.statusCode).toBe(400);
  });
});

describe('GET /api/psychologists: profiles, filters and next_available', () => {
  // Bodo, the language of these three only, isolates them from everyone else the tests create.
  let soonest: Awaited<ReturnType<typeof createPsychologist>>;
  let afternoon: Awaited<ReturnType<typeof createPsychologist>>;
  let fullyBooked: Awaited<ReturnType<typeof createPsychologist>>;

  beforeAll(async () => {
    const db = context.database.db;
    const make = (displayName: string, specializations: string[]) =>
      createPsychologist(db, {
        displayName,
        specializations,
        languages: ['Bodo', 'English'],
        bio: 'Bio',
        yearsOfPractice: 5,
      });
    // Named so that the name order is the reverse of the next-available order.
    fullyBooked = await make('Aarti Bose', ['trauma']);
    afternoon = await make('Bina Das', ['trauma', 'child']);
    soonest = await make('Chitra Nath', ['addiction']);
    const offDays = (id: string, days: number) =>
      db
        .insert(daysOff)
        .values(
          Array.from({ length: days }, (_, day) => ({ psychologistId: id, date: istDay(day) })),
        );
    // Everyone: today and tomorrow off, so "now" never decides the answer.
    await offDays(soonest.id, 2);
    await offDays(afternoon.id, 2);
    // Soonest: day 2 has 9:00 blocked and a booked 9:30-10:15, so 10:30 is the first free start;
    // a hold that has run out does not count.
    await db.insert(blockedSlots).values({ psychologistId: soonest.id, startsAt: istAt(2, 540) });
    await createBooking(db, { psychologistId: soonest.id, startsAt: istAt(2, 570) });
    await createBooking(db, {
      psychologistId: soonest.id,
      startsAt: istAt(2, 630),
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    // Afternoon: day 2's morning marked unavailable, so 12:00 PM.
    await db
      .insert(unavailableDayParts)
      .values({ psychologistId: afternoon.id, date: istDay(2), segment: 'morning' });
    // Fully booked: not a day free in the next four weeks (and a little more).
    await offDays(fullyBooked.id, 30);
  });

  const list = async (query = '') => {
    const response = await call('GET', `/api/psychologists${query}`, patient);
    expect(response.status, response.text).toBe(200);
    return response.body.data as { id: string; next_available: string | null }[];
  };

  it('gives each the first bookable 20-minute start, soonest first, null last', async () => {
    const listed = await list('?language=Bodo');
    expect(listed.map((p) => [p.id, p.next_available])).toEqual([
      [soonest.id, istAt(2, 630).toISOString()],
      [afternoon.id, istAt(2, 720).toISOString()],
      [fullyBooked.id, null],
    ]);
  });

  it('filters by specialization and language on the server', async () => {
    expect((await list('?language=Bodo&specialization=trauma')).map((p) => p.id)).toEqual([
      afternoon.id,
      fullyBooked.id,
    ]);
    expect((await list('?specialization=child&language=Bodo')).map((p) => p.id)).toEqual([
      afternoon.id,
    ]);
    expect(await list('?language=Sanskrit&specialization=addiction')).toEqual([]);
    const all = await list();
    expect(all.map((p) => p.id)).toEqual(
      expect.arrayContaining([soonest.id, afternoon.id, fullyBooked.id, psychologist.user.id]),
    );
  });

  it('refuses an unknown filter value with the choices, and a signed-out caller', async () => {
    const bad = await call('GET', '/api/psychologists?specialization=astrology', patient);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('Choose a specialization: clinical');
    const badLanguage = await call('GET', '/api/psychologists?language=Klingon', patient);
    expect(badLanguage.status).toBe(400);
    expect((await call('GET', '/api/psychologists?language=Bodo', null)).status).toBe(401);
  });

  it('shows nothing private: no emails, no usernames, only the profile and the time', async () => {
    const response = await call('GET', '/api/psychologists', patient);
    const item = (response.body.data as Record<string, unknown>[]).find(
      (p) => p.id === soonest.id,
    )!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'bio',
        'displayName',
        'id',
        'languages',
        'next_available',
        'policy',
        'registrationNumber',
        'session_20_minute_rate',
        'session_45_minute_rate',
        'specializations',
        'timeZone',
        'yearsOfPractice',
      ].sort(),
    );
    for (const secret of [
      soonest.email,
      soonest.username,
      patient.user.email,
      patient.user.username,
    ]) {
      expect(response.text).not.toContain(secret);
    }
  });

  it('reads the profiles and every calendar in one statement, however many are listed', async () => {
    const db = context.database.db;
    for (let n = 0; n < 5; n += 1) {
      const extra = await createPsychologist(db, {
        languages: ['Bodo'],
        specializations: ['other'],
      });
      await createSessionsService(db).issue(extra.id);
    }
    const statements: string[] = [];
    const original = db.execute.bind(db);
    (db as { execute: unknown }).execute = (query: Parameters<typeof original>[0]) => {
      statements.push('execute');
      return original(query);
    };
    try {
      expect((await list('?language=Bodo')).length).toBeGreaterThanOrEqual(8);
    } finally {
      (db as { execute: unknown }).execute = original;
    }
    // The session lookup is the other read; the list itself is one.
    expect(statements.length).toBeLessThanOrEqual(2);
    const [profile] = await db
      .select({ languages: psychologistProfiles.languages })
      .from(psychologistProfiles)
      .where(eq(psychologistProfiles.userId, soonest.id));
    expect(profile!.languages).toEqual(['Bodo', 'English']);
  });
});

describe('a psychologist who deletes their account', () => {
  it('takes the profile they wrote with them, and their export held it', async () => {
    const db = context.database.db;
    const leaving = await signedInAs(db, 'psychologist');
    const url = `/api/psychologists/${leaving.user.id}`;
    expect((await call('PATCH', url, leaving, COMPLETE)).status).toBe(200);
    const exported = await context.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: leaving.headers,
    });
    expect(exported.body).toContain('"registration_number":"CRR A-12345"');
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: leaving.headers,
      payload: { password: 'correct-horse-battery' },
    });
    expect(deleted.statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(psychologistProfiles)
      .where(eq(psychologistProfiles.userId, leaving.user.id));
    expect(row).toMatchObject({
      displayName: 'Former psychologist',
      specializations: [],
      languages: [],
      bio: '',
      yearsOfPractice: null,
      registrationNumber: null,
    });
  });
});
