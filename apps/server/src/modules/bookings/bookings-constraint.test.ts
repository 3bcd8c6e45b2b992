import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { queryRows, type DatabaseHandle } from '../../db/client';
import { databaseCodeOf } from '../../db/errors';
import { createBooking, createPatient, createPsychologist } from '../../db/factories';
import { bookings } from '../../db/schema';

/** The database itself forbids two live sessions of one psychologist from overlapping. */
describe('bookings_no_overlap exclusion constraint', () => {
  let database: DatabaseHandle;
  let psychologistId: string;
  let otherPsychologistId: string;
  let patientId: string;
  const at = (time: string) => new Date(`2026-03-10T${time}:00+05:30`);

  beforeAll(async () => {
    database = await createTestDatabase();
    psychologistId = (await createPsychologist(database.db)).id;
    otherPsychologistId = (await createPsychologist(database.db)).id;
    patientId = (await createPatient(database.db)).id;
  });
  afterAll(() => database.close());

  const liveCount = async (id: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from bookings
            where psychologist_id = ${id} and status in ('held', 'booked')`,
      )
    )[0]!.n;

  /** Unwraps Drizzle's wrapper to the PostgreSQL error code (23P01 is exclusion_violation). */
  async function failureCode(work: Promise<unknown>): Promise<string | undefined> {
    try {
      await work;
    } catch (error) {
      return databaseCodeOf(error) ?? 'unknown';
    }
    return undefined;
  }

  it('rejects an overlapping booking and keeps back-to-back ones and other psychologists', async () => {
    await createBooking(database.db, { psychologistId, patientId, startsAt: at('10:00') });
    // 10:00-10:45 taken: 10:45 may start, 10:30 (20 min) and 9:30 (45 min) may not.
    await createBooking(database.db, {
      psychologistId,
      startsAt: at('10:45'),
      durationMinutes: 20,
    });
    expect(
      await failureCode(
        createBooking(database.db, { psychologistId, startsAt: at('10:30'), durationMinutes: 20 }),
      ),
    ).toBe('23P01');
    expect(
      await failureCode(
        createBooking(database.db, { psychologistId, startsAt: at('09:30'), durationMinutes: 45 }),
      ),
    ).toBe('23P01');
    await createBooking(database.db, {
      psychologistId: otherPsychologistId,
      startsAt: at('10:00'),
    });
    expect(await liveCount(psychologistId)).toBe(2);
  });

  it('lets an unexpired hold block, and frees the slot once the hold is expired by an update', async () => {
    const hold = await createBooking(database.db, {
      psychologistId,
      patientId,
      startsAt: at('14:00'),
      status: 'held',
    });
    expect(
      await failureCode(createBooking(database.db, { psychologistId, startsAt: at('14:20') })),
    ).toBe('23P01');

    await database.db
      .update(bookings)
      .set({ status: 'expired', holdExpiresAt: null })
      .where(eq(bookings.id, hold.id));
    const booked = await createBooking(database.db, { psychologistId, startsAt: at('14:20') });
    expect(booked.status).toBe('booked');

    // Reviving the expired hold would overlap the new booking: refused too.
    expect(
      await failureCode(
        database.db
          .update(bookings)
          .set({ status: 'held', holdExpiresAt: new Date(Date.now() + 60_000) })
          .where(eq(bookings.id, hold.id)),
      ),
    ).toBe('23P01');
  });

  it('ignores canceled and expired rows', async () => {
    await createBooking(database.db, { psychologistId, startsAt: at('17:00'), status: 'canceled' });
    await createBooking(database.db, { psychologistId, startsAt: at('17:00'), status: 'expired' });
    await createBooking(database.db, { psychologistId, startsAt: at('17:00') });
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bookings
          where psychologist_id = ${psychologistId} and starts_at = ${at('17:00').toISOString()}`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('lets exactly one of many concurrent overlapping inserts in', async () => {
    const attempts = Array.from({ length: 20 }, (_, index) =>
      createBooking(database.db, {
        psychologistId,
        startsAt: new Date(at('19:00').getTime() + (index % 4) * 5 * 60_000),
        durationMinutes: index % 2 === 0 ? 20 : 45,
        status: index % 3 === 0 ? 'held' : 'booked',
      }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from bookings where psychologist_id = ${psychologistId}
          and starts_at >= ${at('19:00').toISOString()}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses rows that break the other rules: bad duration, wrong end, hold without expiry, http link', async () => {
    const base = {
      psychologistId,
      startsAt: at('20:00'),
      endsAt: at('20:20'),
      durationMinutes: 20,
      title: 'Session',
      pricePaise: 50_000,
      status: 'booked' as const,
    };
    expect(
      await failureCode(
        database.db.insert(bookings).values({ ...base, durationMinutes: 30, endsAt: at('20:30') }),
      ),
    ).toBe('23514');
    expect(
      await failureCode(database.db.insert(bookings).values({ ...base, endsAt: at('20:45') })),
    ).toBe('23514');
    expect(
      await failureCode(database.db.insert(bookings).values({ ...base, status: 'held' })),
    ).toBe('23514');
    expect(
      await failureCode(
        database.db.insert(bookings).values({ ...base, meetingLink: 'http://meet.example' }),
      ),
    ).toBe('23514');
    expect(await liveCount(psychologistId)).toBeGreaterThan(0);
  });
});
