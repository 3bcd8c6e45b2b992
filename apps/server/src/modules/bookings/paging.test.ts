import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMITS, encodeCursor } from '@sukoon/shared';
import { bookings } from '../../db/schema';
import { createPsychologist } from '../../db/factories';
import { useTestApp } from '../../../test/test-app';
import { signedInAs } from '../../../test/sign-in';

type Caller = Awaited<ReturnType<typeof signedInAs>>;
interface Page {
  data: Array<{ id: string; start_time: string }>;
  next_cursor: string | null;
}
const HOUR = 60 * 60 * 1000;

describe('GET /api/bookings/user/{id} is paged', () => {
  const context = useTestApp();
  let patient: Caller;
  let psychologist: Caller;
  /** Every booking of the patient in (starts_at, id) order. */
  let expected: string[] = [];

  beforeAll(async () => {
    const db = context.database.db;
    patient = await signedInAs(db, 'patient');
    psychologist = await signedInAs(db, 'psychologist');
    const first = Date.parse('2030-01-07T04:00:00Z');
    const rows = Array.from({ length: 130 }, (_, index) => ({
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date(first + index * HOUR),
      endsAt: new Date(first + index * HOUR + 20 * 60_000),
      durationMinutes: 20,
      title: `Session ${index}`,
      pricePaise: 50_000,
      status: 'booked' as const,
      paymentStatus: 'completed' as const,
    }));
    // Three sessions with other psychologists start at the same instant as one above: the id breaks
    // the tie, so none is skipped or repeated at a page boundary.
    const tied = new Date(first + 49 * HOUR);
    for (let index = 0; index < 3; index += 1) {
      const other = await createPsychologist(db);
      rows.push({
        ...rows[0]!,
        psychologistId: other.id,
        startsAt: tied,
        endsAt: new Date(tied.getTime() + 20 * 60_000),
      });
    }
    const inserted = await db.insert(bookings).values(rows).returning();
    expected = inserted
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => row.id);
  });

  const get = (caller: Caller, query = '') =>
    context.app.inject({
      url: `/api/bookings/user/${caller.user.id}${query}`,
      headers: caller.headers,
    });

  it('answers the first 50 by default, oldest first, with a cursor to the next page', async () => {
    const answer = await get(patient);
    expect(answer.statusCode).toBe(200);
    const page = answer.json<Page & { success: boolean }>();
    expect(page.success).toBe(true);
    expect(page.data).toHaveLength(PAGE_LIMITS.default);
    expect(page.data.map((item) => item.id)).toEqual(expected.slice(0, PAGE_LIMITS.default));
    expect(page.next_cursor).toEqual(expect.any(String));
  });

  it('walks every booking exactly once, in order, and ends with next_cursor null', async () => {
    for (const limit of [1, 7, 50, 200]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const answer = await get(patient, query);
        expect(answer.statusCode).toBe(200);
        const page = answer.json<Page>();
        expect(page.data.length).toBeLessThanOrEqual(limit);
        seen.push(...page.data.map((item) => item.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 500);
      expect(seen).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / limit));
    }
  });

  it('the psychologist pages their own list the same way', async () => {
    const page = (await get(psychologist, '?limit=200')).json<Page>();
    expect(page.data).toHaveLength(130);
    expect(page.next_cursor).toBeNull();
  });

  it('a row added before the cursor does not shift the next page', async () => {
    const first = (await get(patient, '?limit=10')).json<Page>();
    await context.database.db.insert(bookings).values({
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: new Date('2029-12-01T04:00:00Z'),
      endsAt: new Date('2029-12-01T04:20:00Z'),
      durationMinutes: 20,
      title: 'Earlier',
      pricePaise: 50_000,
      status: 'booked',
      paymentStatus: 'completed',
    });
    const second = (
      await get(patient, `?limit=10&cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).json<Page>();
    expect(second.data.map((item) => item.id)).toEqual(expected.slice(10, 20));
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?limit=-5', 'limit'],
    ['?limit=2.5', 'limit'],
    ['?limit=many', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
    ['?cursor=%25%25%25', 'cursor'],
    [`?cursor=${Buffer.from('{"a":1}').toString('hex')}`, 'cursor'],
    [`?cursor=${Buffer.from('["yesterday","x"]').toString('hex')}`, 'cursor'],
    [`?cursor=${'A'.repeat(600)}`, 'cursor'],
  ])('refuses %s with a 400 that says what to fix', async (query, field) => {
    const answer = await get(patient, query);
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{
      success: boolean;
      error: { code: string; message: string; details: Array<{ path: string; message: string }> };
    }>();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const detail = body.error.details.find((item) => item.path.includes(field));
    expect(detail?.message).toMatch(
      field === 'limit' ? /limit must be/ : /next_cursor from the previous page/,
    );
  });

  it('a well-formed cursor past the end answers an empty last page', async () => {
    const cursor = encodeCursor({ startsAt: '2099-01-01T00:00:00.000Z', id: expected[0]! });
    const page = (await get(patient, `?cursor=${cursor}`)).json<Page>();
    expect(page.data).toEqual([]);
    expect(page.next_cursor).toBeNull();
  });

  it('nobody pages another person’s bookings', async () => {
    const answer = await context.app.inject({
      url: `/api/bookings/user/${patient.user.id}?limit=10`,
      headers: psychologist.headers,
    });
    expect(answer.statusCode).toBe(403);
  });
});
