import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, availabilityPath, localDateOf, type Availability } from '@sukoon/shared';
import { createBooking, createPatient } from '../db/factories';
import { psychologistProfiles } from '../db/schema';
import { VersionedCache } from '../lib/versioned-cache';
import { personalKey } from './change-feed';
import { bookAndPay, istSlot } from '../../test/booking';
import { signedInAs } from '../../test/sign-in';
import { eventually, useTwoProcesses, type TwoProcesses } from '../../test/two-processes';

type Caller = Awaited<ReturnType<typeof signedInAs>>;

/** Two server processes' worth of app on one database: a change made through one, read through both. */
let database: TwoProcesses['database'];
let first: FastifyInstance;
let second: FastifyInstance;
let psychologist: Caller;
let patient: Caller;

const processes = useTwoProcesses();

beforeAll(async () => {
  ({ database, first, second } = processes);
  psychologist = await signedInAs(database.db, 'psychologist');
  patient = await signedInAs(database.db, 'patient');
});

const week = () => {
  const from = addIsoDays(localDateOf(new Date(), 'Asia/Kolkata'), 21);
  return { from, to: addIsoDays(from, 6) };
};

async function availability(app: FastifyInstance) {
  const { from, to } = week();
  const response = await app.inject({
    url: availabilityPath({ psychologistId: psychologist.user.id, from, to }),
    headers: patient.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Availability }>().data;
}

describe('answers kept in memory stay true', () => {
  it('serves a repeated calendar read from memory, byte for byte', async () => {
    const before = second.caches.calendars.size;
    const once = await availability(second);
    expect(second.caches.calendars.size).toBe(before + 1);
    expect(await availability(second)).toEqual(once);
  });

  it('keeps only the address the app asks for, and is not emptied by refused writes', async () => {
    await availability(second);
    const size = second.caches.calendars.size;
    expect(size).toBeGreaterThan(0);
    const { from, to } = week();
    const padded = await second.inject({
      url: `/api/availability?psychologistId=${psychologist.user.id}&from=${from}&to=${to}&_=1`,
      headers: patient.headers,
    });
    expect(padded.statusCode).toBe(200);
    expect(second.caches.calendars.size).toBe(size);
    const refused = await second.inject({
      method: 'PATCH',
      url: '/api/availability/toggle-day',
      payload: { date: from, unavailable: true },
    });
    expect(refused.statusCode).toBe(401);
    expect(second.caches.calendars.size).toBe(size);
  });

  it('is not emptied by a password sign-in, which writes nothing a cache holds', async () => {
    const someone = await createPatient(database.db, { password: 'monsoon-kettle-42' });
    await availability(second);
    const size = second.caches.calendars.size;
    expect(size).toBeGreaterThan(0);
    const signIn = await second.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: someone.email, password: 'monsoon-kettle-42' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(second.caches.calendars.size).toBe(size);
    // A write that succeeds still empties them at once, before its answer leaves.
    const logout = await second.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${signIn.json<{ token: string }>().token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(second.caches.calendars.size).toBe(0);
  });

  it('keeps the signed-in sessions through a booking, and empties the answers it changed', async () => {
    const booker = await signedInAs(database.db, 'patient');
    await availability(second);
    const sessions = () => second.caches.sessions.size;
    await second.inject({ url: '/api/users/me', headers: booker.headers });
    const signedInBefore = sessions();
    expect(signedInBefore).toBeGreaterThan(0);

    // Hold, sandbox payment and verification: each empties the calendars, none the sessions.
    await bookAndPay(second, booker, psychologist.user.id, istSlot(24, 15 * 60));
    expect(second.caches.calendars.size).toBe(0);
    expect(sessions()).toBeGreaterThanOrEqual(signedInBefore);

    // A write that may change an account (a logout) still empties the sessions at once.
    const logout = await second.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: booker.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(sessions()).toBe(0);
    const revoked = await second.inject({ url: '/api/users/me', headers: booker.headers });
    expect(revoked.statusCode).toBe(401);
  });

  it('still asks who is reading before answering from memory', async () => {
    await availability(second);
    const { from, to } = week();
    const url = availabilityPath({ psychologistId: psychologist.user.id, from, to });
    const signedOut = await second.inject({ url });
    expect(signedOut.statusCode).toBe(401);
    const badToken = await second.inject({
      url,
      headers: { authorization: 'Bearer not-a-real-session-token-at-all' },
    });
    expect(badToken.statusCode).toBe(401);
  });

  it('drops a calendar answer in every process when another process changes it', async () => {
    const { from } = week();
    expect((await availability(second)).daysOff).not.toContain(from);
    const off = await first.inject({
      method: 'PATCH',
      url: '/api/availability/toggle-day',
      headers: psychologist.headers,
      payload: { date: from, status: 'Unavailable' },
    });
    expect(off.statusCode).toBe(200);
    // The process that made the change answers with it at once.
    expect((await availability(first)).daysOff).toContain(from);
    await eventually(async () => expect((await availability(second)).daysOff).toContain(from));
  });

  it('drops it when the database is changed by anything at all (a script, a migration)', async () => {
    const start = istSlot(22, 10 * 60);
    const before = await availability(second);
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: start,
    });
    await eventually(async () =>
      expect((await availability(second)).busy.length).toBe(before.busy.length + 1),
    );
  });

  it('keeps a hold no longer than the hold lasts, with nothing written when it runs out', async () => {
    const before = await availability(second);
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: patient.user.id,
      startsAt: istSlot(23, 11 * 60),
      status: 'held',
      holdExpiresAt: new Date(Date.now() + 700),
    });
    await eventually(async () =>
      expect((await availability(second)).busy.length).toBe(before.busy.length + 1),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await availability(second)).busy.length).toBe(before.busy.length);
  });

  it('signs a token out in every process when one process logs it out', async () => {
    const caller = await signedInAs(database.db, 'patient');
    const me = (app: FastifyInstance) =>
      app.inject({ url: '/api/users/me', headers: caller.headers });
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);
    expect(
      (await first.inject({ method: 'POST', url: '/api/users/logout', headers: caller.headers }))
        .statusCode,
    ).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    await eventually(async () => expect((await me(second)).statusCode).toBe(401));
  });

  // PGlite has no connection to lose.
  it.skipIf(!process.env.DATABASE_URL)(
    'stops using memory while the announcements cannot be heard, and starts again when they can',
    async () => {
      expect(second.caches.live).toBe(true);
      const admin = new pg.Client({ connectionString: database.url! });
      await admin.connect();
      try {
        // Every listening connection of this database is cut, as a restart or failover would.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
        );
      } finally {
        await admin.end();
      }
      await eventually(async () => expect(second.caches.live).toBe(false));
      // Still correct meanwhile: straight from the database.
      const { to } = week();
      await first.inject({
        method: 'PATCH',
        url: '/api/availability/toggle-day',
        headers: psychologist.headers,
        payload: { date: to, status: 'Unavailable' },
      });
      expect((await availability(second)).daysOff).toContain(to);
      expect(second.caches.calendars.size).toBe(0);
      // Back within a few seconds (first retry after one second).
      const deadline = Date.now() + 5_000;
      while (!second.caches.live && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(second.caches.live).toBe(true);
    },
  );
});

describe('a person’s own answers kept in memory (issue 19)', () => {
  type ListItem = {
    id: string;
    status: string;
    psychologist_name: string;
    refund: { status: string } | null;
  };
  const list = async (app: FastifyInstance, who: Caller, of: Caller = who) => {
    const response = await app.inject({
      url: `/api/bookings/user/${of.user.id}`,
      headers: who.headers,
    });
    return response;
  };
  const items = async (app: FastifyInstance, who: Caller) => {
    const response = await list(app, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: ListItem[] }>().data;
  };
  const eventsUrl = `/api/events?startDate=${istSlot(30, 0).toISOString()}&endDate=${istSlot(37, 0).toISOString()}`;
  const events = async (app: FastifyInstance, who: Caller) => {
    const response = await app.inject({ url: eventsUrl, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Array<{ id: string; title: string }> }>().data;
  };

  it('answers a repeated read from memory, and only ever to the person it was made for', async () => {
    const mine = await signedInAs(database.db, 'patient');
    const other = await signedInAs(database.db, 'patient');
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: mine.user.id,
      startsAt: istSlot(30, 10 * 60),
      title: 'Only mine to see',
    });
    // Kept for its reader under the address, and answered again byte for byte (once the insert's
    // announcement, which may cross the connection after the first read, has landed).
    const url = `/api/bookings/user/${mine.user.id}`;
    let first = await list(second, mine);
    await eventually(async () => {
      first = await list(second, mine);
      expect(second.caches.people.get(personalKey(mine.user.id, url), Date.now())).toBe(first.body);
    });
    expect((await list(second, mine)).body).toBe(first.body);
    expect(first.body).toContain('Only mine to see');
    // The same address asked by someone else: refused, never the cached answer.
    const stranger = await list(second, other, mine);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Only mine to see');
    // The same events address: each person gets their own.
    expect((await events(second, mine)).map((event) => event.title)).toContain('Only mine to see');
    expect((await events(second, other)).map((event) => event.title)).not.toContain(
      'Only mine to see',
    );
    expect((await events(second, mine)).map((event) => event.title)).toContain('Only mine to see');
    // Signed out or with a dead token: 401, whatever is in memory.
    expect((await second.inject({ url: eventsUrl })).statusCode).toBe(401);
    expect(
      (
        await second.inject({
          url: `/api/bookings/user/${mine.user.id}`,
          headers: { authorization: 'Bearer not-a-real-session-token-at-all' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('drops a person’s answers in every process when their sessions change, by any writer', async () => {
    const mine = await signedInAs(database.db, 'patient');
    expect(await items(second, mine)).toHaveLength(0);
    expect(await events(second, mine)).toHaveLength(0);
    // A script's insert: both the patient's and the psychologist's answers follow.
    const booking = await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: mine.user.id,
      startsAt: istSlot(31, 10 * 60),
    });
    await eventually(async () => expect(await items(second, mine)).toHaveLength(1));
    await eventually(async () =>
      expect((await events(second, psychologist)).map((event) => event.id)).toContain(booking.id),
    );
    // Canceled through the other process.
    const canceled = await first.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${booking.id}`,
      headers: mine.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await eventually(async () => expect((await items(second, mine))[0]?.status).toBe('canceled'));
  });

  it('follows a refund that is processed later, and a psychologist’s new name', async () => {
    const mine = await signedInAs(database.db, 'patient');
    const { bookingId } = await bookAndPay(first, mine, psychologist.user.id, istSlot(32, 10 * 60));
    const canceled = await first.inject({
      method: 'PATCH',
      url: `/api/bookings/cancel-user/${bookingId}`,
      headers: mine.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await eventually(async () =>
      expect((await items(second, mine))[0]?.refund?.status).toBeDefined(),
    );
    const refundStatus = async () => (await items(second, mine))[0]?.refund?.status;
    // Whatever the refund worker did meanwhile, the list follows the row.
    await database.db.execute(
      sql`update refunds set status = 'pending', processed_at = null where payment_id in (select p.id from payments p join payment_orders o on o.id = p.order_id where o.reference_id = ${bookingId})`,
    );
    await eventually(async () => expect(await refundStatus()).toBe('pending'));
    await database.db.execute(
      sql`update refunds set status = 'processed', processed_at = now() where payment_id in (select p.id from payments p join payment_orders o on o.id = p.order_id where o.reference_id = ${bookingId})`,
    );
    await eventually(async () => expect(await refundStatus()).toBe('processed'));

    const [profile] = await database.db
      .select({ name: psychologistProfiles.displayName })
      .from(psychologistProfiles)
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    await database.db
      .update(psychologistProfiles)
      .set({ displayName: `${profile!.name} (renamed)` })
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
    await eventually(async () =>
      expect((await items(second, mine))[0]?.psychologist_name).toBe(`${profile!.name} (renamed)`),
    );
    await database.db
      .update(psychologistProfiles)
      .set({ displayName: profile!.name })
      .where(eq(psychologistProfiles.userId, psychologist.user.id));
  });

  it('keeps a hold in a person’s answers no longer than the hold lasts, with nothing written', async () => {
    const mine = await signedInAs(database.db, 'patient');
    await createBooking(database.db, {
      psychologistId: psychologist.user.id,
      patientId: mine.user.id,
      startsAt: istSlot(33, 11 * 60),
      status: 'held',
      holdExpiresAt: new Date(Date.now() + 700),
    });
    await eventually(async () => expect(await items(second, mine)).toHaveLength(1));
    await eventually(async () => expect(await events(second, mine)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await items(second, mine)).toHaveLength(0);
    expect(await events(second, mine)).toHaveLength(0);
  });

  it('keeps a psychologist’s profile per reader, and follows its change from another process', async () => {
    const profile = (app: FastifyInstance, who: Caller) =>
      app.inject({ url: `/api/psychologists/${psychologist.user.id}`, headers: who.headers });
    const own = await profile(second, psychologist);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.meetingLinks).toBeDefined();
    // The same address read by a patient: never the psychologist's own, fuller answer.
    const read = await profile(second, patient);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.meetingLinks).toBeUndefined();
    expect((await profile(second, patient)).body).toBe(read.body);
    const bio = `Changed in the other process at ${Date.now()}`;
    const changed = await first.inject({
      method: 'PATCH',
      url: `/api/psychologists/${psychologist.user.id}`,
      headers: psychologist.headers,
      payload: { bio },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await eventually(async () =>
      expect((await profile(second, patient)).json().data.bio).toBe(bio),
    );
  });

  it('keeps at most 20 answers of one person: more addresses push out only their own', () => {
    const cache = new VersionedCache<string>(100, 20);
    const other = cache.ticket('other');
    cache.set('other /x', 'theirs', Date.now() + 60_000, other);
    for (let n = 0; n < 50; n += 1) {
      cache.set(`me /x?n=${n}`, String(n), Date.now() + 60_000, cache.ticket('me'));
    }
    expect(cache.size).toBe(21);
    expect(cache.get('other /x', Date.now())).toBe('theirs');
    expect(cache.get('me /x?n=29', Date.now())).toBeUndefined();
    expect(cache.get('me /x?n=30', Date.now())).toBe('30');
  });
});

describe('VersionedCache', () => {
  it('refuses to store what was read before a change to its group', () => {
    const cache = new VersionedCache<string>(10);
    const ticket = cache.ticket('psychologist-1');
    cache.invalidate('psychologist-1');
    cache.set('week', 'old picture', Date.now() + 60_000, ticket);
    expect(cache.get('week', Date.now())).toBeUndefined();
    const fresh = cache.ticket('psychologist-1');
    cache.set('week', 'new picture', Date.now() + 60_000, fresh);
    expect(cache.get('week', Date.now())).toBe('new picture');
  });

  it('refuses everything read before a clear, forgets expired entries, and stays within its size', () => {
    const cache = new VersionedCache<number>(2);
    const stale = cache.ticket('a');
    cache.clear();
    cache.set('a1', 1, Date.now() + 1_000, stale);
    expect(cache.size).toBe(0);
    cache.set('a1', 1, Date.now() - 1, cache.ticket('a'));
    expect(cache.get('a1', Date.now())).toBeUndefined();
    for (const key of ['b1', 'b2', 'b3']) cache.set(key, 2, Date.now() + 1_000, cache.ticket('b'));
    expect(cache.size).toBe(2);
    expect(cache.get('b1', Date.now())).toBeUndefined();
    expect(cache.get('b3', Date.now())).toBe(2);
  });

  it('keeps the weights within a budget, the oldest going first, and never an entry above it', () => {
    const cache = new VersionedCache<string>(100, Infinity, {
      maxWeight: 10,
      weigh: (value) => value.length,
    });
    const later = Date.now() + 60_000;
    cache.set('a', 'xxxx', later, cache.ticket('one'));
    cache.set('b', 'xxxx', later, cache.ticket('two'));
    expect(cache.totalWeight).toBe(8);
    cache.set('c', 'xxxx', later, cache.ticket('two'));
    expect(cache.get('a', Date.now())).toBeUndefined();
    expect(cache.totalWeight).toBe(8);
    cache.set('huge', 'x'.repeat(11), later, cache.ticket('one'));
    expect(cache.get('huge', Date.now())).toBeUndefined();
    expect(cache.totalWeight).toBe(8);
    cache.invalidate('two');
    expect(cache.size).toBe(0);
    expect(cache.totalWeight).toBe(0);
  });
});
