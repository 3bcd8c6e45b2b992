import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLD_LIMITS } from '@sukoon/shared';
import { bookings, paymentOrders } from '../../db/schema';
import { useTestApp, type TestContext } from '../../../test/test-app';
import { istSlot } from '../../../test/booking';
import { signedInAs } from '../../../test/sign-in';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

/** Every 45-minute start of a week on the half hour, 9:00 to 20:00 IST, from tomorrow on. */
function weekOfStarts(): Date[] {
  const starts: Date[] = [];
  for (let day = 1; day <= 7; day += 1) {
    for (let minute = 9 * 60; minute + 45 <= 21 * 60; minute += 30) {
      starts.push(istSlot(day, minute));
    }
  }
  return starts;
}

function holdsApi(context: TestContext) {
  return {
    place(as: Caller, psychologistId: string, start: Date, remoteAddress = '203.0.113.7') {
      return context.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers: as.headers,
        remoteAddress,
        payload: {
          psychologist_id: psychologistId,
          start_time: start.toISOString(),
          duration: 45,
          title: 'Anxiety',
          description: 'Hard to sleep before exams',
        },
      });
    },
    release(as: Caller, bookingId: string, remoteAddress = '203.0.113.7') {
      return context.app.inject({
        method: 'DELETE',
        url: `/api/bookings/holds/${bookingId}`,
        headers: as.headers,
        remoteAddress,
      });
    },
    async liveHolds(patientId: string) {
      const [row] = await context.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.patientId, patientId), eq(bookings.status, 'held')));
      return row!.n;
    },
  };
}

const bookingIdOf = (response: { json(): unknown }) =>
  (response.json() as { data: { booking_id: string } }).data.booking_id;

const codeOf = (response: { statusCode: number; json(): unknown }) =>
  response.statusCode === 200
    ? '200'
    : `${response.statusCode} ${(response.json() as { error: { code: string } }).error.code}`;

describe('holds: one patient cannot hold a calendar hostage', () => {
  // The pause on serial abandoners is one of the per-account limits that RATE_LIMITS=off lifts.
  const context = useTestApp({ RATE_LIMITS: 'on' });
  const api = holdsApi(context);
  let attacker: Caller;
  let abandoner: Caller;
  let patient: Caller;
  let psychologists: Caller[];

  beforeAll(async () => {
    const db = context.database.db;
    attacker = await signedInAs(db, 'patient');
    abandoner = await signedInAs(db, 'patient');
    patient = await signedInAs(db, 'patient');
    psychologists = [
      await signedInAs(db, 'psychologist'),
      await signedInAs(db, 'psychologist'),
      await signedInAs(db, 'psychologist'),
    ];
  });

  it('112 parallel holds for every slot of a week leave at most one live hold', async () => {
    const psychologistId = psychologists[0]!.user.id;
    const starts = weekOfStarts().slice(0, 112);
    const answers = await Promise.all(
      starts.map((start) => api.place(attacker, psychologistId, start)),
    );
    const outcome: Record<string, number> = {};
    for (const answer of answers) outcome[codeOf(answer)] = (outcome[codeOf(answer)] ?? 0) + 1;

    // Past the account's rate limit the rest are refused outright; on PostgreSQL most of those let
    // through meet another of the same patient's requests holding their lock.
    for (const answer of Object.keys(outcome)) {
      expect(['200', '409 HOLD_IN_PROGRESS', '429 HOLDS_PAUSED', '429 RATE_LIMITED']).toContain(
        answer,
      );
    }
    expect(outcome['429 RATE_LIMITED']).toBeGreaterThanOrEqual(
      starts.length - HOLD_LIMITS.requestsPerAccount,
    );
    // Each hold replaced the one before (same psychologist), until abandoning them paused the account.
    expect(outcome['200']).toBeLessThanOrEqual(HOLD_LIMITS.abandonedPerDay + 1);
    // At most one: a request of the flood may let go of the last hold and then be refused itself.
    expect(await api.liveHolds(attacker.user.id)).toBeLessThanOrEqual(1);

    // Every other slot of that week is still free for another patient.
    const [attackerHold] = await context.database.db
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.patientId, attacker.user.id), eq(bookings.status, 'held')));
    const free = starts.find(
      (start) =>
        !attackerHold || Math.abs(start.getTime() - attackerHold.startsAt.getTime()) >= 45 * 60_000,
    )!;
    const other = await api.place(patient, psychologistId, free, '198.51.100.9');
    expect(other.statusCode, other.body).toBe(200);
    await api.release(patient, bookingIdOf(other));
  });

  it('says why the paused account is refused, and for how long, without opening an order', async () => {
    // Changing the time again and again, inside the rate limit, ends in the pause.
    const psychologistId = psychologists[1]!.user.id;
    for (let step = 0; step < HOLD_LIMITS.abandonedPerDay; step += 1) {
      const answer = await api.place(
        abandoner,
        psychologistId,
        istSlot(8, 10 * 60 + step),
        '192.0.2.44',
      );
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const ordersBefore = await context.database.db.$count(paymentOrders);
    const refused = await api.place(abandoner, psychologistId, istSlot(9, 10 * 60), '192.0.2.44');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^You started \d+ payments in the last 24 hours without finishing them, so new bookings are paused for \d+ hours\./,
    );
    expect(await context.database.db.$count(paymentOrders)).toBe(ordersBefore);
  });
});

describe('holds: one per psychologist, two in all', () => {
  const context = useTestApp();
  const api = holdsApi(context);
  let patient: Caller;
  let psychologists: Caller[];

  beforeAll(async () => {
    const db = context.database.db;
    patient = await signedInAs(db, 'patient');
    psychologists = [
      await signedInAs(db, 'psychologist'),
      await signedInAs(db, 'psychologist'),
      await signedInAs(db, 'psychologist'),
    ];
  });

  it('a new time with the same psychologist replaces the hold; a third psychologist waits', async () => {
    const [first, second, third] = psychologists.map((p) => p.user.id);
    const before = await api.place(patient, first!, istSlot(2, 10 * 60));
    expect(before.statusCode, before.body).toBe(200);
    const changedMind = await api.place(patient, first!, istSlot(2, 11 * 60));
    expect(changedMind.statusCode, changedMind.body).toBe(200);
    const [replaced] = await context.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingIdOf(before)));
    expect(replaced!.status).toBe('canceled');

    const withSecond = await api.place(patient, second!, istSlot(2, 10 * 60));
    expect(withSecond.statusCode, withSecond.body).toBe(200);
    expect(await api.liveHolds(patient.user.id)).toBe(2);

    const withThird = await api.place(patient, third!, istSlot(2, 10 * 60));
    expect(withThird.statusCode).toBe(409);
    expect(withThird.json().error.code).toBe('HOLD_LIMIT_REACHED');

    await api.release(patient, bookingIdOf(withSecond));
    const afterRelease = await api.place(patient, third!, istSlot(2, 10 * 60));
    expect(afterRelease.statusCode, afterRelease.body).toBe(200);
  });

  it('with RATE_LIMITS=off (load tests) abandoning holds does not pause the account', async () => {
    const psychologistId = psychologists[2]!.user.id;
    const other = await signedInAs(context.database.db, 'patient');
    for (let step = 0; step <= HOLD_LIMITS.abandonedPerDay; step += 1) {
      const answer = await api.place(other, psychologistId, istSlot(3, 10 * 60 + step));
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });
});

describe('holds: placing and releasing are rate limited per account and per address', () => {
  const context = useTestApp({ RATE_LIMITS: 'on' });
  const api = holdsApi(context);
  let patient: Caller;
  let neighbour: Caller;
  let psychologistId: string;

  beforeAll(async () => {
    const db = context.database.db;
    patient = await signedInAs(db, 'patient');
    neighbour = await signedInAs(db, 'patient');
    psychologistId = (await signedInAs(db, 'psychologist')).user.id;
  });

  it('refuses the account past its limit while another account is served', async () => {
    const start = istSlot(3, 10 * 60);
    const answers = [];
    for (let index = 0; index < HOLD_LIMITS.requestsPerAccount; index += 1) {
      answers.push(codeOf(await api.place(patient, psychologistId, start)));
    }
    expect(answers).not.toContain('429 RATE_LIMITED');
    const over = await api.place(patient, psychologistId, start);
    expect(codeOf(over)).toBe('429 RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    const released = await api.release(patient, '00000000-0000-4000-8000-000000000000');
    expect(released.statusCode).not.toBe(429);

    const other = await api.place(neighbour, psychologistId, istSlot(3, 12 * 60), '198.51.100.9');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('refuses one address past its limit, whoever is signed in', async () => {
    const callers = await Promise.all(
      Array.from({ length: 5 }, () => signedInAs(context.database.db, 'patient')),
    );
    const codes: string[] = [];
    for (let index = 0; index <= HOLD_LIMITS.requestsPerAddress; index += 1) {
      const caller = callers[index % callers.length]!;
      const answer = await api.release(
        caller,
        '00000000-0000-4000-8000-000000000000',
        '192.0.2.44',
      );
      codes.push(codeOf(answer));
    }
    expect(codes.slice(0, HOLD_LIMITS.requestsPerAddress)).not.toContain('429 RATE_LIMITED');
    expect(codes.at(-1)).toBe('429 RATE_LIMITED');
  });
});
